// Data inside the page: JSON in a <script type="application/json">, which the browser never
// runs and the page's script reads with JSON.parse. Inside a script element the HTML parser
// looks for `</script` (and `<!--`) in the text, whatever the type, so `<` and `>` are written
// as \u003c and \u003e; `&` as \u0026 so no entity is ever read; U+2028 and U+2029 as escapes,
// as old JavaScript parsers took them for line ends. All are valid JSON string escapes, so
// JSON.parse gives back exactly the strings the server sent.
const UNSAFE = /[<>&\u2028\u2029]/g;

const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE, (c) => ESCAPES[c] ?? c);
}
