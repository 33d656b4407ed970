import net from 'node:net';

/** One raw HTTP exchange (what a client library would refuse to send); the whole answer as text. */
export function rawExchange(port: number, request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      resolve({ status: Number(text.split(' ')[1]), headers: text.slice(0, split), body: text.slice(split + 4) });
    });
    socket.write(request);
  });
}
