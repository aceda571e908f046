import { Module } from '@nestjs/common';
import { ContactErasureConsumer } from './contact-erasure.consumer.js';
import { ContactErasureRepository } from './contact-erasure.repository.js';

/** The projections' part of a contact's erasure in tickets (LGPD). */
@Module({ providers: [ContactErasureRepository, ContactErasureConsumer] })
export class ContactErasureModule {}
