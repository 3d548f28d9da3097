// The floor for "time to first request": a bare Node script that sends one GET and exits.
//
//   node bench/first-request.mjs <url>
import { get } from 'node:http';

get(process.argv[2] ?? '', (res) => res.resume()).on('error', () => {});
