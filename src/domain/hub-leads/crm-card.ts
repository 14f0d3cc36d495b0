/** A card as the CRM provider's GraphQL interface describes it (CONTRACT 6.1). */
export interface CrmCard {
  readonly id: string;
  readonly title: string | null;
  readonly phaseName: string | null;
  readonly pipeId: string | null;
  readonly fields: Readonly<Record<string, string>>;
}
