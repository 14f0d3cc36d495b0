/**
 * CONTRACT 12.1: a message the API event log keeps never names a personal value. Phones (12 or 13
 * digits, with the country code) keep their first and last four digits (`5511*****4321`), CPFs (11
 * digits) their first and last three (`123*****909`), e-mail addresses their first character and
 * their domain (`a***@example.com`); the rest of the text is kept. The answer to the client is not
 * masked: only what is stored.
 */
export function maskPersonalValues(text: string): string {
  return text
    .replace(/[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[^\s@"'<>(),;:]+/g, (email) => {
      const at = email.indexOf('@');
      return `${email.slice(0, 1)}***${email.slice(at)}`;
    })
    .replace(/\d{11,13}/g, (digits) =>
      digits.length === 11
        ? `${digits.slice(0, 3)}*****${digits.slice(-3)}`
        : `${digits.slice(0, 4)}*****${digits.slice(-4)}`,
    );
}
