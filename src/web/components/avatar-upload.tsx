import { useId, useRef, type ChangeEvent } from 'react';
import { Camera } from './ui/icons';
import { toast } from '../lib/toast';
import { Avatar } from './ui/avatar';
import { Button } from './ui/button';

export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;

type AvatarUploadProps = {
  /** The current picture: a stored image's URL or the data URL just chosen. */
  value: string | null | undefined;
  /** Receives the chosen picture as a data URL (sent as profileImageUrl; the server re-encodes it). */
  onChange: (dataUrl: string) => void;
  /** Whose picture it is: the initials while there is none. */
  name: string;
  disabled?: boolean;
};

/** A profile picture with a button to choose a new one: images only, at most 5MB (SPEC.md section 5). */
export function AvatarUpload({ value, onChange, name, disabled }: AvatarUploadProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Clearing lets the same file be chosen again after a rejection.
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast({ title: 'Invalid file type', description: 'Please select an image file', variant: 'destructive' });
      return;
    }
    if (file.size > MAX_AVATAR_BYTES) {
      toast({ title: 'File too large', description: 'Please select an image under 5MB', variant: 'destructive' });
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') onChange(reader.result);
    };
    reader.readAsDataURL(file);
  }

  return (
    <div className="flex items-center gap-4">
      <Avatar src={value} name={name || '?'} size="xl" />
      <div className="space-y-1">
        <input ref={inputRef} id={inputId} type="file" accept="image/*" className="sr-only" tabIndex={-1} onChange={choose} disabled={disabled} aria-label="Profile photo" />
        <Button variant="outline" size="sm" disabled={disabled} onClick={() => inputRef.current?.click()}>
          <Camera className="h-4 w-4" aria-hidden="true" /> {value ? 'Change photo' : 'Upload photo'}
        </Button>
        <p className="text-xs text-muted">JPG, PNG, GIF or WebP, up to 5MB.</p>
      </div>
    </div>
  );
}
