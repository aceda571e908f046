import {
  Catch,
  PayloadTooLargeException,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import type { Response } from 'express';
import { errorBody } from '@sb/contracts';

/** Multer's file-size limit in the catalogue's terms: 413 ERR_PAYLOAD_TOO_LARGE. */
@Catch(PayloadTooLargeException)
export class UploadTooLargeFilter implements ExceptionFilter {
  catch(_err: PayloadTooLargeException, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    res
      .status(413)
      .json(errorBody('ERR_PAYLOAD_TOO_LARGE', { message: 'The file is larger than 5 MB.' }));
  }
}
