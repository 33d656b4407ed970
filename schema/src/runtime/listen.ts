import http from 'node:http';
import type { Express } from 'express';

/**
 * Request and response classes whose objects are born with the app's prototypes.
 *
 * Express gives every request and response its own prototype on arrival
 * (`Object.setPrototypeOf(req, app.request)`). Changing an object's prototype after it was built
 * gives it a new hidden class, and V8 then runs Node's HTTP code on those objects along slower,
 * generic paths. Built with the right prototype from the start, Express's assignment changes
 * nothing. A probe of the router's proxy path measured 0.37 ms of CPU per call with
 * `app.listen` and 0.27 ms with this (a bare Node proxy: 0.24 ms).
 *
 * They are subclasses, not plain functions that call Node's constructors on `this`: V8 sizes a
 * subclass's objects for the properties its base constructor adds. A plain function's objects
 * were sized for none, so Node's symbol-keyed fields overflowed into a side store and every
 * response became a dictionary object (`%HasFastProperties` false), which V8 can only serve
 * by lookup. listen.test.ts checks the shape. The router's CPU profile showed less time in
 * Node's response code afterwards, but a back-to-back probe of whole proxied calls could not
 * tell the two apart (254 against 258 µs of CPU per call, within this machine's noise).
 *
 * They are anonymous (see subclassOf): a named class run through tsx never got optimised.
 */
function prototypesOf(app: Express): Pick<http.ServerOptions, 'IncomingMessage' | 'ServerResponse'> {
  const AppRequest = subclassOf(http.IncomingMessage);
  const AppResponse = subclassOf(http.ServerResponse);
  // Express's methods stay where they are, one step up; its per-request assignment then finds
  // each object already on the prototype it would set.
  Object.setPrototypeOf(AppRequest.prototype, app.request);
  Object.setPrototypeOf(AppResponse.prototype, app.response);
  app.request = AppRequest.prototype as unknown as Express['request'];
  app.response = AppResponse.prototype as unknown as Express['response'];
  return { IncomingMessage: AppRequest, ServerResponse: AppResponse };
}

/**
 * An unnamed subclass, on purpose. tsx compiles with esbuild's keepNames, which gives every
 * named class a static block that redefines its `name`; that turns the class itself into a
 * dictionary object, and V8 then gives up every optimisation of `new` on it ("dependency
 * change", retried and abandoned every few hundred requests, along with Node's
 * parserOnIncoming and parserOnHeadersComplete that call it). An anonymous class returned from
 * a function gets no such block. listen.test.ts checks the classes under tsx.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TypeScript's mixin constraint
function subclassOf<T extends new (...args: any[]) => object>(Base: T): T {
  return class extends Base {};
}

/** `app.listen`, on a server whose requests and responses start out as the app's (see above). */
export function listen(app: Express, port: number, host: string): Promise<http.Server> {
  return new Promise((resolve, reject) => {
    const server = http.createServer(prototypesOf(app), app);
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
