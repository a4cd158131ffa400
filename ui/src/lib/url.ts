/** `true` for links that leave the site (http(s), protocol-relative, mailto, tel). */
export function isExternalUrl(url: string): boolean {
  return opensNewTab(url) || /^(mailto|tel):/i.test(url);
}

/** Web addresses of other sites open in a new tab. */
export function opensNewTab(url: string): boolean {
  return /^(https?:)?\/\//i.test(url);
}
