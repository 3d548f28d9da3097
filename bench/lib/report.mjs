import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { dirname } from 'node:path';

export function machineInfo() {
  let cpu = cpus()[0]?.model ?? 'unknown';
  try {
    // os.cpus() reports a generic model on some VMs; /proc/cpuinfo is what the brief asks for.
    cpu = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpu;
  } catch {
    // Not Linux: keep os.cpus().
  }
  return {
    cpu,
    cores: cpus().length,
    ramGiB: (totalmem() / 2 ** 30).toFixed(1),
    node: process.version,
    date: new Date().toISOString(),
  };
}

export function table(headers, rows) {
  const line = (cells) => `| ${cells.map((c) => String(c).replace(/\|/g, '\\|')).join(' | ')} |`;
  const rule = `|${headers.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`;
  return [line(headers), rule, ...rows.map(line)].join('\n');
}

/** Collects sections and targets; the same text goes to stdout and to the results file. */
export class Report {
  sections = [];
  targets = [];
  notes = [];

  section(title, body) {
    this.sections.push(`## ${title}\n\n${body}`);
  }

  /** ok is computed by the caller; null means "could not be measured". */
  target(name, goal, measured, ok) {
    this.targets.push([name, goal, measured, ok === null ? 'n/a' : ok ? 'PASS' : 'MISS']);
  }

  note(text) {
    this.notes.push(text);
  }

  render(header) {
    const m = machineInfo();
    const parts = [
      '# healthdata benchmark',
      `${m.date} · ${m.cpu} · ${m.cores} cores · ${m.ramGiB} GiB RAM · Node ${m.node}`,
      header,
      ...this.sections,
    ];
    if (this.targets.length) {
      parts.push(`## Summary\n\n${table(['target', 'goal', 'measured', 'result'], this.targets)}`);
    }
    if (this.notes.length) parts.push(`## Notes\n\n${this.notes.map((n) => `- ${n}`).join('\n')}`);
    return parts.join('\n\n') + '\n';
  }

  async write(file, text) {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, text);
  }
}
