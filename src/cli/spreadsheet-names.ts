// `-o health.xlsx`: healthdata writes csv, tsv, json and ndjson, never a workbook. A file named
// .xlsx that holds csv is worse than none: Excel refuses to open it ("the file format or
// extension is not valid"), and the person who asked for a spreadsheet gets an error they
// cannot place. So the name is refused before anything is read or written, with the way out.
import { extname } from 'node:path';
import { InvalidArgumentError } from 'commander';

/** Workbook formats of Excel, LibreOffice and Numbers, by extension. */
const SPREADSHEETS = new Set(['.xlsx', '.xlsm', '.xlsb', '.xls', '.ods', '.numbers']);

/**
 * commander's parser for `-o <file>`: the path, unless it names a spreadsheet workbook. The
 * message leaves the path out: it is the caller's text, control characters and all.
 */
export function outputFile(path: string): string {
  if (path.trim() === '') {
    throw new InvalidArgumentError("is empty — give a file name, or '-' for stdout");
  }
  const extension = extname(path).toLowerCase();
  if (SPREADSHEETS.has(extension)) {
    throw new InvalidArgumentError(
      `names a ${extension} workbook, and healthdata writes none: name the file .csv instead, which Excel, LibreOffice and Numbers open (add --bom for Excel)`,
    );
  }
  return path;
}
