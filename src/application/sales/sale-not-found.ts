export type SaleNotFound = { readonly _tag: 'SaleNotFound'; readonly saleId: string };
