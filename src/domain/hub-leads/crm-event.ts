export const CRM_ACTIONS = ['card.create', 'card.move', 'card.field_update', 'card.delete'] as const;
export type CrmAction = (typeof CRM_ACTIONS)[number];

export const isCrmAction = (action: string): action is CrmAction => (CRM_ACTIONS as readonly string[]).includes(action);

/** The canonical event a CRM delivery becomes (spec part 1: events are normalized into a canonical event). */
export interface CrmEvent {
  readonly action: CrmAction;
  /** The card id: the lead's external id (spec part 6). */
  readonly cardId: string;
  readonly title?: string;
  /** The provider's pipe id; absent when the delivery does not say it. */
  readonly pipeId?: string;
  readonly from?: CrmPhase;
  readonly to?: CrmPhase;
}

export interface CrmPhase {
  readonly id?: string;
  readonly name?: string;
}
