import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { RefreshCookie } from '@sb/contracts';

/** OpenAPI of the REST routes: the UI at /docs, the JSON at /docs-json. */
export const setupOpenApi = (app: INestApplication, version: string): void => {
  const config = new DocumentBuilder()
    .setTitle('Switchboard API')
    .setDescription(
      'REST API of the Switchboard gateway. Errors answer { error, message, fields?, details?, errorId? }.',
    )
    .setVersion(version)
    .addBearerAuth()
    .addCookieAuth(RefreshCookie.name)
    .build();
  const document = SwaggerModule.createDocument(app, config);
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs-json' });
};
