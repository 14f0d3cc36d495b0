/** A connection URI fit for a log line or a banner: its password, if any, replaced by `***`. */
export function redactUri(uri: string): string {
  try {
    const parsed = new URL(uri);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return '<unparseable URI>';
  }
}
