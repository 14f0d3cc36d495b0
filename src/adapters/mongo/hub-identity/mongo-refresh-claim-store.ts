import type { Db } from 'mongodb';
import type { RefreshClaim, RefreshClaimStore } from '../../../application/hub-identity/data-checks/ports';
import { asDate, asNullableDate, asString, idText } from '../shared/stored-values';
import {
  HUB_REFRESH_ROTATIONS,
  HUB_REFRESH_TOKENS,
  type RefreshTokenDocument,
  type RotationDocument,
} from './hub-refresh-token-collection';

/**
 * The hub's refresh-rotation claims (MongoHubRefreshTokenStore.rotate) with the state of the token each
 * claimed, for `check-data` (refresh-claim-outcome); and the repair: the claimed token revoked.
 */
export class MongoRefreshClaimStore implements RefreshClaimStore {
  constructor(private readonly db: Db) {}

  private get tokens() {
    return this.db.collection<RefreshTokenDocument>(HUB_REFRESH_TOKENS);
  }

  async *claims(batchSize: number): AsyncIterable<readonly RefreshClaim[]> {
    let batch: RotationDocument[] = [];
    for await (const doc of this.db
      .collection<RotationDocument>(HUB_REFRESH_ROTATIONS)
      .find({}, { sort: { _id: 1 } })
      .batchSize(batchSize)) {
      batch.push(doc);
      if (batch.length >= batchSize) {
        yield await this.withTokens(batch);
        batch = [];
      }
    }
    if (batch.length > 0) yield await this.withTokens(batch);
  }

  private async withTokens(rotations: readonly RotationDocument[]): Promise<RefreshClaim[]> {
    const tokens = await this.tokens.find({ _id: { $in: rotations.map((r) => idText(r._id)) } }).toArray();
    const byId = new Map(tokens.map((t) => [t._id, t]));
    return rotations.map((rotation) => {
      const token = byId.get(idText(rotation._id));
      return {
        tokenId: idText(rotation._id),
        successorId: asString(rotation.successorId),
        claimed:
          token === undefined
            ? undefined
            : { revokedAt: asNullableDate(token.revokedAt), expiresAt: asDate(token.expiresAt) },
      };
    });
  }

  async revokeClaimed(tokenId: string, now: Date): Promise<boolean> {
    const { modifiedCount } = await this.tokens.updateOne(
      { _id: tokenId, revokedAt: null, expiresAt: { $gt: now } },
      { $set: { revokedAt: now } },
    );
    return modifiedCount === 1;
  }
}
