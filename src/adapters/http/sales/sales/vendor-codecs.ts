import * as t from 'io-ts';
import { NonBlankText, ShortText } from '../../shared/decoding/codecs';

const VendorFields = {
  name: NonBlankText,
  store: ShortText,
  phone: ShortText,
  isActive: t.boolean,
  webhookEnabled: t.boolean,
};

/** PUT /vendors/{id}: the spec's update body; store, phone and vendorId kept unless given (CONTRACT 3.3). */
export const VendorUpdateBody = t.exact(
  t.intersection([
    t.type({ name: VendorFields.name, isActive: VendorFields.isActive, webhookEnabled: VendorFields.webhookEnabled }),
    t.partial({ store: VendorFields.store, phone: VendorFields.phone, vendorId: NonBlankText }),
  ]),
);
export const VendorCreateBody = t.exact(t.type({ ...VendorFields, vendorId: NonBlankText }));
