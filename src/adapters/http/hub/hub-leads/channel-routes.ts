import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import type { CreateChannel } from '../../../../application/hub-leads/create-channel';
import type { ListChannels } from '../../../../application/hub-leads/list-channels';
import type { Clock } from '../../../../application/shared/ports';
import { CHANNEL_TYPES, type Channel } from '../../../../domain/hub-leads/channel';
import { documented } from '../../shared/openapi/documented-router';
import { IsoTimestamp } from '../../shared/openapi/json-schema';
import { accessTokenGuard, hubAuthOf } from '../access-token-guard';
import { HUB_PREFIX } from '../hub-prefix';
import type { HubAccessTokens } from '../hub-access-tokens';
import { hubHttpError } from '../hub-error-mapping';
import { decodeBody, oneOfField, textField } from '../hub-codecs';
import { hubError, HUB_SECURITY, ORG_ROUTE_RESPONSES } from '../hub-openapi';
import { orgScope } from '../org-scope';
import { requirePermission } from '../permission-guard';

export interface ChannelRoutesDeps {
  readonly list: ListChannels;
  readonly create: CreateChannel;
  readonly accessTokens: HubAccessTokens;
  readonly clock: Clock;
}

const CreateChannelBody = t.exact(t.type({ name: textField('name', 100), type: oneOfField('type', CHANNEL_TYPES) }));

const ChannelView = t.type({
  id: t.string,
  orgId: t.string,
  name: t.string,
  type: t.keyof({ QR_CODE: null, WWABA: null }),
  createdAt: IsoTimestamp,
});

const channelView = (c: Channel): t.TypeOf<typeof ChannelView> => ({
  id: c.id,
  orgId: c.orgId,
  name: c.name,
  type: c.type,
  createdAt: c.createdAt.toISOString(),
});

/** CONTRACT 5.2: GET|POST /orgs/{orgId}/channels [channels:read|channels:edit]. */
export function channelRoutes(deps: ChannelRoutesDeps): Router {
  const router = new Router({ prefix: `${HUB_PREFIX}/orgs/:orgId/channels` });
  const api = documented(router, {
    tag: 'Channels',
    security: HUB_SECURITY.accessToken,
    responses: ORG_ROUTE_RESPONSES,
  });
  // Token first, then the organization (404 for another one), then the permission.
  router.use(accessTokenGuard(deps.accessTokens, deps.clock), orgScope());

  const listSpec = {
    summary: "The organization's channels [channels:read]",
    responses: { 200: { description: 'The channels', body: t.type({ channels: t.array(ChannelView) }) } },
  };
  api.get('/', listSpec, requirePermission('channels:read'), async (ctx) => {
    const channels = await deps.list.execute({ orgId: hubAuthOf(ctx).orgId });
    ctx.body = { channels: channels.map(channelView) };
  });

  const createSpec = {
    summary: 'Creates a channel [channels:edit]',
    body: CreateChannelBody,
    responses: { 201: { description: 'Created', body: ChannelView }, 409: hubError('`Name already exists`') },
  };
  api.post('/', createSpec, requirePermission('channels:edit'), async (ctx) => {
    const body = decodeBody(CreateChannelBody, ctx.request.body);
    const result = await deps.create.execute({ orgId: hubAuthOf(ctx).orgId, ...body });
    if (E.isLeft(result)) throw hubHttpError(result.left);
    ctx.status = 201;
    ctx.body = channelView(result.right);
  });

  return router;
}
