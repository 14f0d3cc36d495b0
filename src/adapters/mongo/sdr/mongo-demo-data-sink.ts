import type { Db } from 'mongodb';
import type { DemoDataSink } from '../../../application/sdr/ports';
import type { Person, Sale } from '../../../domain/sales/sale';
import type { SdrInteraction } from '../../../domain/sdr/interaction';
import { peopleCollection } from '../sales/people-collection';
import { toPersonDocument } from '../sales/person-mapper';
import { salesCollection } from '../sales/sales-collection';
import { toSaleDocument } from '../sales/sale-mapper';
import { toSdrInteractionDocument } from './sdr-interaction-mapper';
import { sdrInteractionsCollection } from './sdr-interactions-collection';

/** Demo data in the product's document shapes (the same mappers), one insertMany per batch. */
export class MongoDemoDataSink implements DemoDataSink {
  constructor(private readonly db: Db) {}

  async insertPeople(people: readonly Person[]): Promise<void> {
    if (people.length > 0) await peopleCollection(this.db).insertMany(people.map(toPersonDocument));
  }

  async insertSales(sales: readonly Sale[]): Promise<void> {
    if (sales.length > 0) await salesCollection(this.db).insertMany(sales.map(toSaleDocument));
  }

  async insertInteractions(interactions: readonly SdrInteraction[]): Promise<void> {
    if (interactions.length > 0)
      await sdrInteractionsCollection(this.db).insertMany(interactions.map(toSdrInteractionDocument));
  }
}
