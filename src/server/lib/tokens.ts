import { createHash, randomBytes } from 'node:crypto';

/** A 256-bit random token, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored hashed: a leaked table cannot be turned back into working cookies or links. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
