// How the report writes a number for reading, in its text (words.ts) and in the page's script
// (client/base.js) alike: grouped thousands and at most 2 decimals, and past 1e15 short
// scientific notation (1.25e308), as the terminal's summary does, where grouped digits would
// run to 400 characters and push a table off the page. The factory refers to nothing outside
// itself, so the page gets its source (page.ts) and both sides format with one rule.
export function reportNumberText(): (x: number) => string {
  const plain = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });
  const scientific = new Intl.NumberFormat('en', {
    notation: 'scientific',
    maximumFractionDigits: 2,
  });
  return (x) => (Math.abs(x) >= 1e15 ? scientific.format(x).replace('E', 'e') : plain.format(x));
}
