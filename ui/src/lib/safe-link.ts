/**
 * Addresses the page opens or plays that come from stored data (a channel's window, an affiliate's
 * stream): only a path of this site or an https address. The back office refuses anything else, and
 * the page checks again, so a row written some other way (SQL, an old import) still cannot make the
 * browser run `javascript:`, show a `data:` document or leave for a plain-http page.
 */

/** Characters no address we open may hold: whitespace and control characters (URL parsers drop
 * some of them, so `/\t/host` would become `//host`), the backslash (browsers read `/\host` as
 * `//host`), and quotes and angle brackets. */
function hasUnsafeCharacter(address: string): boolean {
  for (const char of address) {
    const code = char.codePointAt(0) ?? 0;
    if (code <= 0x20 || code === 0x7f || (code >= 0x80 && code <= 0x9f)) return true;
    if (/\s/.test(char) || '\\"\'<>`'.includes(char)) return true;
  }
  return false;
}

/** A path of this site (`/…`, never `//…`, another host) or an `https://` address. */
export function isSafeLink(address: string): boolean {
  if (address === '' || hasUnsafeCharacter(address)) return false;
  if (address.startsWith('/')) return !address.startsWith('//');
  if (!address.startsWith('https://')) return false;
  try {
    const url = new URL(address);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}
