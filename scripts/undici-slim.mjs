// The bundle's stand-in for 'undici' (see build.mjs). The CLI uses only Agent, EnvHttpProxyAgent
// and Dispatcher#request, but undici's index also loads fetch, WebSocket, the cache and more, which
// costs time on every start (`npm run bench -- --only startup`). This loads only the agent and
// attaches the request API to Dispatcher exactly as undici's index.js does.
// First: V8 flags must be set before undici compiles its wasm parser, and the compile starts
// in the background (see the file). A CommonJS file, so it runs as a plain require().
import './wasm-baseline.cjs';
import Agent from 'undici/lib/dispatcher/agent.js';
import EnvHttpProxyAgent from 'undici/lib/dispatcher/env-http-proxy-agent.js';
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import request from 'undici/lib/api/api-request.js';
import connect from 'undici/lib/api/api-connect.js';

Dispatcher.prototype.request = request;
// ProxyAgent opens its CONNECT tunnel with Dispatcher#connect.
Dispatcher.prototype.connect = connect;

export { Agent, EnvHttpProxyAgent };
