import * as t from 'io-ts';
import { NonBlankString } from './decode-input';

const VendorFields = {
  name: NonBlankString,
  store: t.string,
  phone: t.string,
  isActive: t.boolean,
  webhookEnabled: t.boolean,
};

/** PUT /vendors/{id}: replaces the vendor data; vendorId kept unless given (CONTRACT 3.3). */
export const VendorUpdateBody = t.exact(t.intersection([t.type(VendorFields), t.partial({ vendorId: NonBlankString })]));
export const VendorCreateBody = t.exact(t.type({ ...VendorFields, vendorId: NonBlankString }));
