// FHIR strings "SHOULD NOT contain Unicode character points below 32, except for u0009,
// u000D and u000A" (R4, datatypes §string), and may not be empty: a server's text is kept, with
// each other control character shown as U+FFFD.
export function fhirString(text: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '\ufffd');
  return cleaned.trim() === '' ? '\ufffd' : cleaned;
}
