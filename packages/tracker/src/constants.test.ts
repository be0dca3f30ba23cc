import * as contract from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import * as c from './constants.ts';

/** The tracker keeps its own constants (no zod in the browser bundle); they must be the contract's numbers. */
describe('tracker constants', () => {
  it('equal the session-tracking contract', () => {
    expect(c.TRACKER_VERSION).toBe(contract.TRACKER_VERSION);
    expect(c.MIN_TRACKER_VERSION).toBe(contract.TRACKER_MIN_VERSION);
    expect(c.COMPRESSION_THRESHOLD).toBe(contract.TRACKER_COMPRESSION_THRESHOLD);
    expect(c.BEACON_SIZE).toBe(contract.TRACKER_BEACON_SIZE);
    expect(c.BEACON_SIZE_LIMIT).toBe(contract.TRACKER_BATCH_BODY_LIMIT);
    expect(c.KEEPALIVE_LIMIT).toBe(contract.TRACKER_KEEPALIVE_LIMIT);
    expect(c.HREF_MAX_LENGTH).toBe(contract.TRACKER_HREF_LIMIT);
    expect(c.INPUT_LABEL_MAX_LENGTH).toBe(contract.TRACKER_INPUT_LABEL_LIMIT);
    expect(c.SESSION_RESTART_MS).toBe(contract.TRACKER_SESSION_RESTART_MS);
    expect(c.TAG_POLL_INTERVAL_MS).toBe(contract.TRACKER_TAG_POLL_MS);
    expect(c.WORKER_FLUSH_INTERVAL_MS).toBe(contract.TRACKER_WORKER_FLUSH_MS);
    expect(c.COLD_START_BUFFER_RESTART_MS).toBe(contract.TRACKER_COLD_START_RESTART_MS);
    expect(c.NODE_MAINTAINER_INTERVAL_MS).toBe(contract.TRACKER_NODE_MAINTAINER_INTERVAL_MS);
    expect(c.NODE_MAINTAINER_BATCH).toBe(contract.TRACKER_NODE_MAINTAINER_BATCH);
    expect(c.CONSOLE_MESSAGES_PER_TICK).toBe(contract.TRACKER_CONSOLE_THROTTLE);
    expect(c.DURATION_CONDITION_CHECK_MS).toBe(contract.TRACKER_CONDITION_CHECK_MS);
    expect(c.SEND_RETRIES).toBe(contract.TRACKER_BATCH_RETRY_ATTEMPTS);
    expect(c.SEND_RETRY_STEP_MS).toBe(contract.TRACKER_BATCH_RETRY_DELAY_MS);
    expect(c.CANVAS_QUALITY).toEqual(contract.TRACKER_CANVAS_QUALITY);
    expect(c.CANVAS_IMAGES_PER_BATCH).toBe(contract.TRACKER_IMAGE_BATCH_THRESHOLD);
    expect(c.CUSTOM_TEXT_MAX_LENGTH).toBe(contract.TRACKER_MESSAGE_LIMIT);
  });
});
