/**
 * Webhook signing secrets at rest. A secret must be readable to sign with, so it cannot be hashed like a
 * token; it is sealed with AES-256-GCM under a key derived from the server key (`AUTH_SECRET`, or the
 * generated key kept in `app_secrets`). With `AUTH_SECRET` set, a copy of the database alone reveals no
 * secret.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

export interface SecretBox {
  seal(secret: string): Promise<string>;
  open(sealed: string): Promise<string>;
}

export function secretBox(serverKey: () => Promise<Buffer>): SecretBox {
  let derived: Promise<Buffer> | undefined;
  const key = () => {
    derived ??= serverKey().then((k) => createHmac('sha256', k).update('hound webhook secrets v1').digest());
    derived.catch(() => {
      derived = undefined;
    });
    return derived;
  };
  return {
    async seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', await key(), iv);
      const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    async open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unknown sealed secret format');
      const decipher = createDecipheriv('aes-256-gcm', await key(), Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
