// The bundle's stand-in for 'undici' (see build.mjs). The CLI uses only Agent and
// Dispatcher#request, but undici's index also loads fetch, WebSocket, the cache and more,
// which costs ~25 ms on every start. This loads only the agent and attaches the request API
// to Dispatcher exactly as undici's index.js does.
// First: V8 flags must be set before undici compiles its wasm parser (see the file).
import './wasm-baseline.mjs';
import Agent from 'undici/lib/dispatcher/agent.js';
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import request from 'undici/lib/api/api-request.js';

Dispatcher.prototype.request = request;

export { Agent };
