/**
 * The SDR funnel of a period (CONTRACT 8.3), on the contact of CONTRACT 8.2 (its key and its
 * `converted` rule come from domain/sdr): `contacts` are contacts with activity in the period (a
 * gateway message, an SDR interaction created or updated, its converting write included), `leads` the
 * contacts whose conversion (the first converting write of any of their converted interactions)
 * falls in the period; both per local day too. Pure: the store streams the facts in.
 */
import type { CanonicalPhone } from '../shared/phone';
import { contactKeyOfInteraction, isConvertedInteraction } from '../sdr/contact';
import type { InteractionWrites, SdrInteraction } from '../sdr/interaction';
import { dayIndexOf } from './local-days';
import { inPeriod, type KpiPeriod } from './period';

interface ContactActivity {
  /** Local days (indexes into the period's days) with activity in the period. */
  readonly days: Set<number>;
  /** The contact's conversion time (all time), or null when it is not converted. */
  convertedAt: Date | null;
}

export interface FunnelPoint {
  readonly contacts: number;
  readonly leads: number;
  readonly conversionRate: number;
}

export interface Funnel extends FunnelPoint {
  readonly points: readonly FunnelPoint[];
}

/** A fraction rounded to 4 decimals; 0 when the whole is 0 (CONTRACT 8.3). */
export function rate(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 10_000;
}

export class FunnelBook {
  private readonly contacts = new Map<string, ContactActivity>();

  constructor(private readonly period: KpiPeriod) {}

  private activityOf(key: string): ContactActivity {
    let activity = this.contacts.get(key);
    if (activity === undefined) {
      activity = { days: new Set(), convertedAt: null };
      this.contacts.set(key, activity);
    }
    return activity;
  }

  private touch(activity: ContactActivity, at: Date): void {
    if (!inPeriod(this.period, at)) return;
    const day = dayIndexOf(this.period.days, at);
    if (day >= 0) activity.days.add(day);
  }

  /** An interaction of any time: its writes in the period are activity; a converted one may make its contact a lead. */
  addInteraction(interaction: SdrInteraction): void {
    const activity = this.activityOf(contactKeyOfInteraction(interaction));
    this.touch(activity, interaction.createdAt);
    this.touch(activity, interaction.updatedAt);
    if (interaction.convertedAt !== null) this.touch(activity, interaction.convertedAt);
    if (isConvertedInteraction(interaction) && interaction.convertedAt !== null) {
      if (activity.convertedAt === null || interaction.convertedAt < activity.convertedAt)
        activity.convertedAt = interaction.convertedAt;
    }
  }

  /**
   * An interaction written in the period (created, updated or converted in it): those writes are
   * activity of its contact. Whether the contact is a lead is its own conversion (addConversion).
   */
  addInteractionActivity(interaction: InteractionWrites): void {
    const activity = this.activityOf(contactKeyOfInteraction(interaction));
    this.touch(activity, interaction.createdAt);
    this.touch(activity, interaction.updatedAt);
    if (interaction.convertedAt !== null) this.touch(activity, interaction.convertedAt);
  }

  /** A contact's conversion (the earliest of its converted interactions', all time), as its read model keeps it. */
  addConversion(contactKey: string, at: Date): void {
    const activity = this.activityOf(contactKey);
    if (activity.convertedAt === null || at < activity.convertedAt) activity.convertedAt = at;
  }

  /** A local day (an index into the period's days) with a gateway message of the chat of `phone`, the contact key. */
  addMessageDay(phone: CanonicalPhone, day: number): void {
    this.activityOf(phone).days.add(day);
  }

  /** A gateway message of a one-to-one chat, whose canonical phone is the contact key. */
  addMessage(phone: CanonicalPhone, at: Date): void {
    if (!inPeriod(this.period, at)) return;
    this.touch(this.activityOf(phone), at);
  }

  funnel(): Funnel {
    const dayCount = this.period.days.dates.length;
    const contactsPerDay = Array.from({ length: dayCount }, () => 0);
    const leadsPerDay = Array.from({ length: dayCount }, () => 0);
    let contacts = 0;
    let leads = 0;
    for (const activity of this.contacts.values()) {
      if (activity.days.size > 0) contacts += 1;
      for (const day of activity.days) contactsPerDay[day] = (contactsPerDay[day] ?? 0) + 1;
      if (activity.convertedAt !== null && inPeriod(this.period, activity.convertedAt)) {
        leads += 1;
        const day = dayIndexOf(this.period.days, activity.convertedAt);
        if (day >= 0) leadsPerDay[day] = (leadsPerDay[day] ?? 0) + 1;
      }
    }
    return {
      contacts,
      leads,
      conversionRate: rate(leads, contacts),
      points: contactsPerDay.map((c, i) => ({
        contacts: c,
        leads: leadsPerDay[i] ?? 0,
        conversionRate: rate(leadsPerDay[i] ?? 0, c),
      })),
    };
  }
}
