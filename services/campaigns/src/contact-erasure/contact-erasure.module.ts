import { Module } from '@nestjs/common';
import { ContactErasureConsumer } from './contact-erasure.consumer.js';
import { ContactErasureRepository } from './contact-erasure.repository.js';

/** What campaigns holds of a contact tickets erased (LGPD). */
@Module({ providers: [ContactErasureRepository, ContactErasureConsumer] })
export class ContactErasureModule {}
