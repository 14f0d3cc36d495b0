import { expect } from 'chai';
import { newSessionToken, presentedTokenState, successorOf } from '../../../src/domain/hub-identity/refresh-token';
import { ALL_PERMISSIONS, MEMBER_PERMISSIONS, resolvePermissions } from '../../../src/domain/hub-identity/role';

const T0 = new Date('2026-11-21T10:00:00.000Z');
const at = (ms: number): Date => new Date(T0.getTime() + ms);
const first = newSessionToken({ id: 'a', tokenHash: 'ha', userId: 'u', orgId: 'o' }, T0);
const second = successorOf(first, { id: 'b', tokenHash: 'hb' }, at(1_000));
const rotatedFirst = { ...first, revokedAt: at(1_000), replacedBy: 'b' };

describe('presentedTokenState', () => {
  it('classifies unknown, active, expired and revoked tokens (spec part 3)', () => {
    expect(presentedTokenState(undefined, T0, 0).kind).to.equal('unknown');
    expect(presentedTokenState(first, at(1), 0).kind).to.equal('active');
    expect(presentedTokenState(first, first.expiresAt, 0).kind).to.equal('expired');
    expect(presentedTokenState(rotatedFirst, at(1_001), 0, second).kind).to.equal('reused');
  });

  it(
    'with a grace interval, spares only the immediate predecessor of a still-active token, inside the ' + 'interval',
    () => {
      expect(presentedTokenState(rotatedFirst, at(1_500), 1_000, second).kind).to.equal('grace');
      expect(presentedTokenState(rotatedFirst, at(2_001), 1_000, second).kind).to.equal('reused');
      const revokedSecond = { ...second, revokedAt: at(1_200) };
      expect(presentedTokenState(rotatedFirst, at(1_500), 1_000, revokedSecond).kind).to.equal('reused');
      const revokedWithoutSuccessor = { ...first, revokedAt: at(1_000) };
      expect(presentedTokenState(revokedWithoutSuccessor, at(1_100), 1_000).kind).to.equal('reused');
    },
  );
});

describe('resolvePermissions', () => {
  it('follows CONTRACT 5.2', () => {
    expect(resolvePermissions('OWNER', [])).to.deep.equal(ALL_PERMISSIONS);
    expect(resolvePermissions('ADMIN', ['x:y'])).to.deep.equal(ALL_PERMISSIONS);
    expect(resolvePermissions('MEMBER', ['channels:edit'])).to.deep.equal(MEMBER_PERMISSIONS);
    expect(resolvePermissions('CLIENT', ['leads:read', 'leads:read'])).to.deep.equal(['leads:read']);
    expect(ALL_PERMISSIONS).to.include.members([
      'channels:read',
      'channels:edit',
      'leads:edit',
      'templates:edit',
      'pipelines:edit',
    ]);
  });
});
