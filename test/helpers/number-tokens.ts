// Number tokens a server can send that no double holds: JSON.parse would change each (to
// Infinity, 0 or a neighbouring integer), so parseExact keeps them as RawNumbers; a summary
// takes the nearest double of those that have one and counts the others (±Infinity) as left out. 36648678677153290 is how the double ...288 prints, yet is not it.
export const INEXACT_NUMBER_TOKENS = [
  '1e400',
  '-1e400',
  '1e-400',
  '9007199254740993',
  '12345678901234567891',
  '36648678677153290',
] as const;
