import type { NextFunction, Request, Response } from 'express';

const apiPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
// Swagger UI needs its own scripts, styles and inline styles.
const docsPolicy =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/** The headers a JSON API should send (what helmet would set), written here to avoid a dependency. */
export const securityHeadersMiddleware =
  (options: { hsts: boolean }) =>
  (req: Request, res: Response, next: NextFunction): void => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-site');
    res.setHeader('X-DNS-Prefetch-Control', 'off');
    res.setHeader('X-Permitted-Cross-Domain-Policies', 'none');
    res.setHeader('Content-Security-Policy', req.path.startsWith('/docs') ? docsPolicy : apiPolicy);
    if (options.hsts)
      res.setHeader('Strict-Transport-Security', 'max-age=15552000; includeSubDomains');
    next();
  };
