// A small HTTP forward proxy on 127.0.0.1, built on node:http, that behaves as a default Squid:
// a plain-http request in absolute form (`GET http://host/path HTTP/1.1`) is forwarded, and
// CONNECT opens a tunnel — except to port 80, which Squid's default `http_access deny CONNECT
// !SSL_ports` refuses. It records what it was asked, with any Proxy-Authorization header.
// `hosts` maps a requested host:port to where it really is (the proxy resolves names, not the
// client), so a test can ask for http://localhost (port 80) and reach a server on any port.
import { createServer, request, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface ProxySeen {
  /** `host:port` for CONNECT; the absolute URL for a forwarded request. */
  target: string;
  auth: string | undefined;
}

export interface ConnectProxy {
  url: string;
  /** Every CONNECT, refused or not. */
  connects: ProxySeen[];
  /** Every plain-http request in absolute form. */
  requests: ProxySeen[];
  close(): Promise<void>;
}

const authOf = (req: IncomingMessage): string | undefined => req.headers['proxy-authorization'];

export async function startConnectProxy(
  options: { hosts?: Record<string, string> } = {},
): Promise<ConnectProxy> {
  const connects: ProxySeen[] = [];
  const requests: ProxySeen[] = [];
  const sockets = new Set<Socket>();
  const where = (hostPort: string): [string, number] => {
    const real = options.hosts?.[hostPort] ?? hostPort;
    const at = real.lastIndexOf(':');
    return [real.slice(0, at), Number(real.slice(at + 1))];
  };
  const server = createServer((req, res) => {
    const target = req.url ?? '';
    requests.push({ target, auth: authOf(req) });
    if (!/^http:\/\//.test(target)) {
      res.writeHead(400).end('absolute-form requests only');
      return;
    }
    const url = new URL(target);
    const [host, port] = where(`${url.hostname}:${url.port || '80'}`);
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const upstream = request(
      { host, port, method: req.method, path: url.pathname + url.search, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const target = req.url ?? '';
    connects.push({ target, auth: authOf(req) });
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    if (target.endsWith(':80')) {
      client.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    const [host, port] = where(target);
    const upstream = connect(port, host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
