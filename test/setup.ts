// Runs in every test file (vitest setupFiles).
import { afterAll } from 'vitest';
import { removeTempDirs } from './helpers/temp.ts';

afterAll(removeTempDirs);
