export default function SetPasswordPage({ purpose }: { purpose: 'password-reset' | 'invitation' }) {
  return <main className="p-8">{purpose}</main>;
}
