import {
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { collectingParsedRefs } from '@sb/platform/context';
import type { Observable } from 'rxjs';

/**
 * Around every HTTP handler: collects the ids (`ref` fields) of the inputs the handler parses, so the
 * ServiceClient checks them before it forwards anything. Global, so no route can leave it out.
 */
@Injectable()
export class ParsedRefsInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    // Nest binds the handler to the async context current when handle() is called
    return collectingParsedRefs(() => next.handle());
  }
}
