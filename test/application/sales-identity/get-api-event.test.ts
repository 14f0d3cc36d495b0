import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { GetApiEvent } from '../../../src/application/sales-identity/get-api-event';
import { apiEvent } from '../../support/contracts/api-event-store-contract';
import { InMemoryApiEventStore } from '../../support/fakes/in-memory-api-event-store';

describe('GetApiEvent', () => {
  it('answers the stored event, error details included', async () => {
    const store = new InMemoryApiEventStore();
    const event = apiEvent({ status: 400, errorCode: 'HTTP_EXCEPTION', errorMessages: ['email is required'] });
    await store.append([apiEvent(), event]);
    expect(await new GetApiEvent(store).execute({ id: event.id })).to.deep.equal(E.right(event));
  });

  it('answers ApiEventNotFound for an unknown id', async () => {
    const store = new InMemoryApiEventStore();
    await store.append([apiEvent()]);
    expect(await new GetApiEvent(store).execute({ id: '00000000-0000-4000-8000-000000000000' })).to.deep.equal(
      E.left({ _tag: 'ApiEventNotFound' }),
    );
  });
});
