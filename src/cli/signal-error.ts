import { HealthdataError } from '../lib/errors.ts';

/** The run was stopped by SIGINT or SIGTERM. src/cli/main.ts aborts the run's signal with one. */
export class SignalError extends HealthdataError {
  readonly signal: 'SIGINT' | 'SIGTERM';

  constructor(signal: 'SIGINT' | 'SIGTERM') {
    super('signal', `stopped by ${signal}`, 'cancelled');
    this.signal = signal;
  }
}
