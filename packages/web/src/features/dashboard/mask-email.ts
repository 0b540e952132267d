/** Settings shows the address masked after its first 3 characters (spec 001 §2) until "Show". */
export function maskEmail(email: string): string {
  const visible = email.slice(0, 3);
  return `${visible}${'•'.repeat(Math.max(3, email.length - 3))}`;
}
