/**
 * Mojang's Yggdrasil session key: the RSA-4096 key that signs every `textures` property the session
 * server hands out (reference account-pool.md §5; the copy authlib ships as
 * `yggdrasil_session_pubkey.der`, also listed under `profilePropertyKeys` at
 * `https://api.minecraftservices.com/publickeys`). Bundled so a signature is checked without a request;
 * `MOJANG_SIGNATURE_KEY` replaces it for stand-ins.
 * @module
 */
import { fromPem, toPem } from './pem'

/** Mojang's published Yggdrasil session public key, SPKI PEM. */
export const MOJANG_SIGNATURE_KEY_PEM = `-----BEGIN PUBLIC KEY-----
MIICIjANBgkqhkiG9w0BAQEFAAOCAg8AMIICCgKCAgEAylB4B6m5lz7jwrcFz6Fd
/fnfUhcvlxsTSn5kIK/2aGG1C3kMy4VjhwlxF6BFUSnfxhNswPjh3ZitkBxEAFY2
5uzkJFRwHwVA9mdwjashXILtR6OqdLXXFVyUPIURLOSWqGNBtb08EN5fMnG8iFLg
EJIBMxs9BvF3s3/FhuHyPKiVTZmXY0WY4ZyYqvoKR+XjaTRPPvBsDa4WI2u1zxXM
eHlodT3lnCzVvyOYBLXL6CJgByuOxccJ8hnXfF9yY4F0aeL080Jz/3+EBNG8RO4B
yhtBf4Ny8NQ6stWsjfeUIvH7bU/4zCYcYOq4WrInXHqS8qruDmIl7P5XXGcabuzQ
stPf/h2CRAUpP/PlHXcMlvewjmGU6MfDK+lifScNYwjPxRo4nKTGFZf/0aqHCh/E
AsQyLKrOIYRE0lDG3bzBh8ogIMLAugsAfBb6M3mqCqKaTMAf/VAjh5FFJnjS+7bE
+bZEV0qwax1CEoPPJL1fIQjOS8zj086gjpGRCtSy9+bTPTfTR/SJ+VUB5G2IeCIt
kNHpJX2ygojFZ9n5Fnj7R9ZnOM+L8nyIjPu3aePvtcrXlyLhH/hvOfIOjPxOlqW+
O5QwSFP4OEcyLAUgDdUgyW36Z5mB285uKW/ighzZsOTevVUG2QwDItObIV6i8RCx
FbN2oDHyPaO5j1tTaBNyVt8CAwEAAQ==
-----END PUBLIC KEY-----
`

/** The DER bytes of a key given as a PEM block (real or `\n`-escaped line breaks) or as its bare base64 body. */
function spkiDer(text: string): Uint8Array<ArrayBuffer> {
  const unescaped = text.replace(/\\n/g, '\n').trim()
  if (unescaped.includes('-----BEGIN')) return fromPem(unescaped, 'PUBLIC KEY')
  if (!/^[A-Za-z0-9+/=\s]+$/.test(unescaped)) throw new Error('not base64')
  return Uint8Array.from(atob(unescaped.replace(/\s+/g, '')), (c) => c.charCodeAt(0))
}

/** True when `text` holds an SPKI key in one of the accepted forms (a DER SEQUENCE, checked in full at import). */
export function isSpkiKeyText(text: string): boolean {
  try {
    const der = spkiDer(text)
    return der.length > 32 && der[0] === 0x30
  } catch {
    return false
  }
}

/** `text` (see {@link isSpkiKeyText}) as a normalised SPKI PEM. */
export function spkiPem(text: string): string {
  return toPem(spkiDer(text), 'PUBLIC KEY')
}
