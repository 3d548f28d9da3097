#!/usr/bin/env node
import '../dist/healthdata.js';
