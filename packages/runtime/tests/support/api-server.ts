import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A local stand-in for the advertising API: it answers everything, and remembers what reached it. */
export interface ApiServer {
  /** `http://127.0.0.1:<port>` */
  readonly base: string;
  /** `METHOD /path?query` of every request that reached the server, in order. */
  readonly requests: string[];
  /** Bytes received on all connections since the last reset: 0 means nothing at all was sent. */
  bytesReceived(): number;
  /** Forgets the requests and bytes so far. */
  reset(): void;
  close(): Promise<void>;
}

/** Paths under `/v2/` answer with `Deprecation`, `Sunset` and `Link rel="deprecation"` headers. */
export const deprecationHeaders = {
  Deprecation: '@1767225600',
  Sunset: 'Fri, 01 Jan 2027 00:00:00 GMT',
  Link: '<https://developer.example.com/v2-deprecation>; rel="deprecation"',
} as const;

export async function startApiServer(): Promise<ApiServer> {
  const requests: string[] = [];
  const sockets: Socket[] = [];
  const totalBytes = (): number => sockets.reduce((sum, socket) => sum + socket.bytesRead, 0);
  let bytesBefore = 0;
  const server = http.createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    request.resume();
    request.on('end', () => {
      if (request.url?.startsWith('/v2/')) for (const [name, value] of Object.entries(deprecationHeaders)) response.setHeader(name, value);
      response.setHeader('content-type', 'application/json');
      response.end('{"ok":true}');
    });
  });
  server.on('connection', (socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    bytesReceived: () => totalBytes() - bytesBefore,
    reset: () => {
      requests.length = 0;
      bytesBefore = totalBytes();
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
