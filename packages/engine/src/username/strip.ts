/** Removes each character of `chars` from `username` (WhatsMyName `strip_bad_char`). */
export function stripChars(username: string, chars: string | undefined): string {
  if (!chars) return username;
  const remove = new Set(chars);
  return [...username].filter((c) => !remove.has(c)).join('');
}
