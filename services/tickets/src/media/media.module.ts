import { Module } from '@nestjs/common';
import { MediaStorage } from './media-storage.js';
import { MediaUrls } from './media-urls.js';

/** The media store and the signed links to what it holds, shared by every folder that shows media. */
@Module({ providers: [MediaUrls, MediaStorage], exports: [MediaUrls, MediaStorage] })
export class MediaModule {}
