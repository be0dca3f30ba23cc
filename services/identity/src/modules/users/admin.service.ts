/**
 * Staff-only creation of users (Cognito's AdminCreateUser, reached here with an admin's access token instead of
 * AWS credentials): the user gets a temporary password by e-mail and must choose their own at first sign-in
 * (NEW_PASSWORD_REQUIRED). Only the `admin` group may call it.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { CognitoError } from '../protocol/cognito-errors.ts';
import type { adminCreateUserSchema } from '../protocol/operations.schemas.ts';
import type { IdentityRuntime, RequestInfo } from '../../runtime.ts';
import { audit } from '../abuse/audit.ts';
import { enqueueMessage } from '../outbox/outbox.repository.ts';
import { authenticateAccess } from '../tokens/access-token.ts';
import { normaliseEmail, parseAttributeChanges, userAttributeList } from './attributes.ts';
import { assertPasswordPolicy, hashPassword } from './passwords.ts';
import { findUserById, insertUser } from './users.repository.ts';

/** A temporary password that meets the policy: 16 characters from each class, shuffled. */
export function temporaryPassword(): string {
  const classes = ['abcdefghijkmnopqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '!@#%&*-_=+'];
  const characters = classes.map((set) => set[randomInt(set.length)]!);
  const all = classes.join('');
  while (characters.length < 16) {
    characters.push(all[randomInt(all.length)]!);
  }
  for (let index = characters.length - 1; index > 0; index -= 1) {
    const other = randomInt(index + 1);
    [characters[index], characters[other]] = [characters[other]!, characters[index]!];
  }
  return characters.join('');
}

/** AdminCreateUser. */
export async function adminCreateUser(
  rt: IdentityRuntime,
  input: z.output<typeof adminCreateUserSchema>,
  request: RequestInfo,
) {
  const { user: admin } = await authenticateAccess(rt, input.AccessToken);
  if (!admin.groups.includes('admin')) {
    throw new CognitoError('ForbiddenException');
  }
  const email = normaliseEmail(input.Username);
  const changes = parseAttributeChanges(input.UserAttributes ?? []);
  const password = input.TemporaryPassword ?? temporaryPassword();
  assertPasswordPolicy(password);
  const id = randomUUID();
  const created = await insertUser(rt.db, {
    id,
    email,
    emailVerified: true,
    phoneNumber: changes.phoneNumber ?? null,
    passwordHash: await hashPassword(password),
    status: 'FORCE_CHANGE_PASSWORD',
    groups: input.GroupNames ?? [],
    attributes: changes.profile,
    locale: request.locale,
  });
  if (!created) {
    throw new CognitoError('UsernameExistsException');
  }
  await enqueueMessage(rt.db, {
    channel: 'email',
    recipient: email,
    locale: request.locale,
    kind: 'temporaryPassword',
    value: password,
  });
  await audit(rt.db, {
    userId: id,
    event: 'admin_create_user',
    outcome: 'success',
    ip: request.ip,
    detail: { by: admin.id },
  });
  const user = (await findUserById(rt.db, id))!;
  return {
    User: {
      Username: id,
      Attributes: userAttributeList(user),
      UserStatus: 'FORCE_CHANGE_PASSWORD',
      Enabled: true,
      UserCreateDate: Math.floor(user.created_at.getTime() / 1000),
      UserLastModifiedDate: Math.floor(user.updated_at.getTime() / 1000),
    },
  };
}
