export type PolicyNotFound = { readonly _tag: 'PolicyNotFound' };
export type PolicyNumberTaken = { readonly _tag: 'PolicyNumberTaken'; readonly policyNumber: string };
