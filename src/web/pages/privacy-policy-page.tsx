import { PrivacyPolicy } from '../features/legal/components/privacy-policy';
import { usePageMeta } from '../lib/page-meta';

export function PrivacyPolicyPage() {
  usePageMeta('privacy-policy');
  return <PrivacyPolicy />;
}
