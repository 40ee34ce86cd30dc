import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { randomBytesPooled } from '#src/lib/random';

export type CspNonce = { script: string; style: string };

declare module 'fastify' {
  interface RouteShorthandOptions {
    /** false = no security headers (media answers set the two they need themselves). */
    helmet?: false;
  }
  interface FastifyContextConfig {
    securityHeaders?: boolean;
  }
  interface FastifyReply {
    /**
     * Nonces for this answer's inline `<script>` and `<style>`. Reading it makes them (once per
     * answer) and switches the answer's Content-Security-Policy to the one that names them.
     */
    readonly cspNonce: CspNonce;
  }
}

/** Helmet's options, with a policy of fixed directives (no defaults mixed in). */
export type SecurityHeadersOptions = Omit<HelmetOptions, 'contentSecurityPolicy'> & {
  contentSecurityPolicy: { useDefaults: false; directives: Record<string, string[]> };
};

const SCRIPT_MARK = 'zema-script-nonce';
const STYLE_MARK = 'zema-style-nonce';

/** The headers helmet's middleware sets for `options`, captured once. */
function headersOf(options: Readonly<HelmetOptions>): [string, string][] {
  const headers: [string, string][] = [];
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name.toLowerCase(), String(value)]);
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * Helmet's headers on every answer, computed once at startup instead of per request (decision
 * 0012): @fastify/helmet built the whole middleware, directive parsing included, and drew two CSP
 * nonces for every request, JSON answers too, which cost more than some handlers. The CSP of an
 * answer names nonces only when its handler asks for them (`reply.cspNonce`, the app shell and the
 * OAuth result page); every other answer carries the same policy without them, which allows no
 * inline script or style at all. A route opts out with `helmet: false` (media).
 */
export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (app, options) => {
    const { directives } = options.contentSecurityPolicy;
    const fixed = Object.fromEntries(headersOf(options as HelmetOptions));
    const csp = fixed['content-security-policy'];
    if (!csp) throw new Error('The security headers need a content security policy.');
    // The same policy with markers where the nonces go, split once so an answer only joins strings.
    const marked = headersOf({
      ...options,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          ...directives,
          scriptSrc: [...(directives.scriptSrc ?? []), `'nonce-${SCRIPT_MARK}'`],
          styleSrc: [...(directives.styleSrc ?? []), `'nonce-${STYLE_MARK}'`],
        },
      },
    } as HelmetOptions).find(([name]) => name === 'content-security-policy')?.[1];
    const [beforeScript, afterScript] = (marked ?? '').split(SCRIPT_MARK);
    const [between, afterStyle] = (afterScript ?? '').split(STYLE_MARK);
    if (beforeScript === undefined || between === undefined || afterStyle === undefined) {
      throw new Error('Could not place the CSP nonces in the policy.');
    }

    app.addHook('onRoute', (route: RouteOptions & { helmet?: false }) => {
      if (route.helmet === false) route.config = { ...route.config, securityHeaders: false };
    });

    app.addHook('onRequest', (request, reply, done) => {
      if (request.routeOptions.config.securityHeaders !== false) reply.headers(fixed);
      done();
    });

    const nonces = new WeakMap<FastifyReply, CspNonce>();
    app.decorateReply('cspNonce', {
      getter(this: FastifyReply): CspNonce {
        let nonce = nonces.get(this);
        if (!nonce) {
          nonce = {
            script: randomBytesPooled(16).toString('hex'),
            style: randomBytesPooled(16).toString('hex'),
          };
          nonces.set(this, nonce);
          if (this.request.routeOptions.config.securityHeaders !== false) {
            this.header(
              'content-security-policy',
              `${beforeScript}${nonce.script}${between}${nonce.style}${afterStyle}`,
            );
          }
        }
        return nonce;
      },
    });
  },
  { name: 'zema-security-headers' },
);
