/**
 * Remembered devices: ConfirmDevice (register the SRP verifier of the device the sign-in offered), GetDevice,
 * ListDevices (pages of at most 60, spec section 9), ForgetDevice, UpdateDeviceStatus. Every call acts on the
 * caller's own devices only: another user's device key is "Device does not exist.", as an unknown one.
 */
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { DevicesTable } from '../../database.ts';
import { CognitoError } from '../protocol/cognito-errors.ts';
import type {
  confirmDeviceSchema,
  deviceSchema,
  deviceStatusSchema,
  forgetDeviceSchema,
  listDevicesSchema,
} from '../protocol/operations.schemas.ts';
import type { IdentityRuntime, RequestInfo } from '../../runtime.ts';
import { DEVICE_PAGE_MAX } from '../../settings.ts';
import { audit } from '../abuse/audit.ts';
import { authenticateAccess } from '../tokens/access-token.ts';
import { N } from './srp.ts';

type DeviceRow = Selectable<DevicesTable>;

const notFound = () => new CognitoError('ResourceNotFoundException', 'Device does not exist.');
const epochS = (date: Date) => Math.floor(date.getTime() / 1000);

/** A device as Cognito describes it. */
function toDevice(device: DeviceRow) {
  return {
    DeviceKey: device.device_key,
    DeviceAttributes: [
      { Name: 'device_status', Value: 'valid' },
      { Name: 'device_name', Value: device.name ?? '' },
      { Name: 'dev:device_remembered_status', Value: device.remembered ? 'remembered' : 'not_remembered' },
      { Name: 'last_ip_used', Value: device.last_ip ?? '' },
    ],
    DeviceCreateDate: epochS(device.created_at),
    DeviceLastModifiedDate: epochS(device.updated_at),
    DeviceLastAuthenticatedDate: epochS(device.last_authenticated_at),
  };
}

function base64ToHex(value: string): string {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value)) {
    throw new CognitoError('InvalidParameterException', 'DeviceSecretVerifierConfig must be base64.');
  }
  return Buffer.from(value, 'base64').toString('hex');
}

/**
 * ConfirmDevice: only the device key this session was offered (NewDeviceMetadata) can be confirmed. Remembering
 * is the user's choice (UpdateDeviceStatus), so the answer says confirmation is necessary.
 */
export async function confirmDevice(
  rt: IdentityRuntime,
  input: z.output<typeof confirmDeviceSchema>,
  request: RequestInfo,
) {
  const { user, session } = await authenticateAccess(rt, input.AccessToken);
  if (session.pending_device_key !== input.DeviceKey || !session.pending_device_group_key) {
    throw notFound();
  }
  const verifier = base64ToHex(input.DeviceSecretVerifierConfig.PasswordVerifier);
  const salt = base64ToHex(input.DeviceSecretVerifierConfig.Salt);
  const v = BigInt(`0x${verifier || '0'}`);
  if (v <= 1n || v >= N || salt.length < 16) {
    throw new CognitoError('InvalidParameterException', 'Invalid DeviceSecretVerifierConfig.');
  }
  await rt.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('devices')
      .values({
        device_key: input.DeviceKey,
        user_id: user.id,
        device_group_key: session.pending_device_group_key!,
        verifier,
        salt,
        name: input.DeviceName ?? null,
        last_ip: request.ip,
        // Millisecond precision, as JavaScript reads it back: the page cursor compares this exact value.
        created_at: new Date(),
      })
      .onConflict((oc) => oc.column('device_key').doNothing())
      .execute();
    await trx
      .updateTable('sessions')
      .set({ device_key: input.DeviceKey, pending_device_key: null, pending_device_group_key: null })
      .where('origin_jti', '=', session.origin_jti)
      .execute();
  });
  await audit(rt.db, { userId: user.id, event: 'device_confirm', outcome: 'success', ip: request.ip });
  return { UserConfirmationNecessary: true };
}

async function ownDevice(rt: IdentityRuntime, userId: string, deviceKey: string): Promise<DeviceRow> {
  const device = await rt.db
    .selectFrom('devices')
    .selectAll()
    .where('device_key', '=', deviceKey)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!device) {
    throw notFound();
  }
  return device;
}

/** GetDevice. */
export async function getDevice(rt: IdentityRuntime, input: z.output<typeof deviceSchema>) {
  const { user } = await authenticateAccess(rt, input.AccessToken);
  return { Device: toDevice(await ownDevice(rt, user.id, input.DeviceKey)) };
}

interface Cursor {
  readonly createdAt: string;
  readonly key: string;
}

function parseCursor(token: string | undefined): Cursor | undefined {
  if (!token) {
    return undefined;
  }
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (
      typeof parsed.createdAt === 'string' &&
      typeof parsed.key === 'string' &&
      !Number.isNaN(Date.parse(parsed.createdAt))
    ) {
      return { createdAt: parsed.createdAt, key: parsed.key };
    }
  } catch {
    // Falls through to the error below.
  }
  throw new CognitoError('InvalidParameterException', 'Invalid PaginationToken.');
}

/** ListDevices: the caller's confirmed devices, oldest first, in pages of at most 60 (keyset pagination). */
export async function listDevices(rt: IdentityRuntime, input: z.output<typeof listDevicesSchema>) {
  const { user } = await authenticateAccess(rt, input.AccessToken);
  const limit = input.Limit && input.Limit > 0 ? input.Limit : DEVICE_PAGE_MAX;
  const cursor = parseCursor(input.PaginationToken);
  let query = rt.db.selectFrom('devices').selectAll().where('user_id', '=', user.id);
  if (cursor) {
    const createdAt = new Date(cursor.createdAt);
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '>', createdAt),
        eb.and([eb('created_at', '=', createdAt), eb('device_key', '>', cursor.key)]),
      ]),
    );
  }
  const rows = await query
    .orderBy('created_at')
    .orderBy('device_key')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const more = rows.length > limit && last;
  return {
    Devices: page.map(toDevice),
    ...(more
      ? {
          PaginationToken: Buffer.from(
            JSON.stringify({ createdAt: last.created_at.toISOString(), key: last.device_key }),
          ).toString('base64url'),
        }
      : {}),
  };
}

/** ForgetDevice: the device can no longer skip MFA or be proven. */
export async function forgetDevice(
  rt: IdentityRuntime,
  input: z.output<typeof forgetDeviceSchema>,
  request: RequestInfo,
) {
  if (!input.AccessToken) {
    throw new CognitoError('NotAuthorizedException', 'Access Token is required');
  }
  const { user } = await authenticateAccess(rt, input.AccessToken);
  const deleted = await rt.db
    .deleteFrom('devices')
    .where('device_key', '=', input.DeviceKey)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (deleted.numDeletedRows === 0n) {
    throw notFound();
  }
  await audit(rt.db, { userId: user.id, event: 'device_forget', outcome: 'success', ip: request.ip });
  return {};
}

/** UpdateDeviceStatus: remembered or not_remembered. */
export async function updateDeviceStatus(rt: IdentityRuntime, input: z.output<typeof deviceStatusSchema>) {
  const { user } = await authenticateAccess(rt, input.AccessToken);
  const updated = await rt.db
    .updateTable('devices')
    .set({ remembered: input.DeviceRememberedStatus === 'remembered', updated_at: new Date() })
    .where('device_key', '=', input.DeviceKey)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) {
    throw notFound();
  }
  return {};
}
