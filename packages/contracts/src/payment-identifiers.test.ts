import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bicSchema,
  chainOfAsset,
  deriveDepositAddress,
  encodeSegwitAddress,
  formatIban,
  generateVirtualIban,
  ibanCheckDigits,
  ibanSchema,
  isTesseraIban,
  isValidCryptoAddress,
  isValidIban,
  normalizeIban,
  SEPA_IBAN_LENGTHS,
  toChecksumAddress,
  validateBic,
  validateCryptoAddress,
  validateIban,
  VIRTUAL_IBAN_SEQUENCE_MAX,
} from './payment-identifiers.ts';

// Published examples (SWIFT IBAN registry, national banking associations).
const validIbans = [
  'GB82 WEST 1234 5698 7654 32',
  'DE89 3704 0044 0532 0130 00',
  'FR14 2004 1010 0505 0001 3M02 606',
  'LU28 0019 4006 4475 0000',
  'NL91 ABNA 0417 1643 00',
  'BE68 5390 0754 7034',
  'CH93 0076 2011 6238 5295 7',
  'NO93 8601 1117 947',
  'MT84 MALT 0110 0001 2345 MTLC AST0 01S',
  'ES91 2100 0418 4502 0005 1332',
  'IT60 X054 2811 1010 0000 0123 456',
];

describe('IBAN', () => {
  it('accepts published examples of SEPA countries and returns the electronic format', () => {
    for (const iban of validIbans) {
      const check = validateIban(iban);
      expect(check, iban).toEqual({ ok: true, value: iban.replace(/ /g, '') });
    }
  });

  it('normalises spacing, hyphens and case before checking', () => {
    expect(normalizeIban(' gb82-west 1234\u00a05698\t7654 32 ')).toBe('GB82WEST12345698765432');
    expect(validateIban('gb82west12345698765432')).toEqual({ ok: true, value: 'GB82WEST12345698765432' });
  });

  it('names the first broken rule', () => {
    expect(validateIban('   ')).toEqual({ ok: false, problem: 'empty' });
    expect(validateIban('GB82 WEST 1234 5698 7654 3!')).toEqual({
      ok: false,
      problem: 'invalid_characters',
    });
    expect(validateIban('8282WEST12345698765432')).toEqual({ ok: false, problem: 'invalid_characters' });
    // A valid Brazilian IBAN: real, but not reachable over SEPA.
    expect(validateIban('BR15 0000 0000 0000 1093 2840 814P 2')).toEqual({
      ok: false,
      problem: 'country_not_sepa',
    });
    expect(validateIban('GB82 WEST 1234 5698 7654 3')).toEqual({ ok: false, problem: 'wrong_length' });
    expect(validateIban('GB01 WEST 1234 5698 7654 32')).toEqual({
      ok: false,
      problem: 'invalid_check_digits',
    });
    expect(validateIban('GB99 WEST 1234 5698 7654 32')).toEqual({
      ok: false,
      problem: 'invalid_check_digits',
    });
    expect(validateIban('GB82 WEST 1234 5698 7654 33')).toEqual({ ok: false, problem: 'checksum_mismatch' });
  });

  it('catches every single-digit substitution and every adjacent transposition (ISO 7064 MOD 97-10)', () => {
    // MOD 97-10 guarantees both for digits; a letter in place of a digit counts as two digits and is only caught
    // with probability 96/97, like any other random error.
    const iban = 'DE89370400440532013000';
    const alphabet = '0123456789';
    for (let index = 4; index < iban.length; index += 1) {
      for (const replacement of alphabet) {
        if (replacement !== iban[index]) {
          const changed = iban.slice(0, index) + replacement + iban.slice(index + 1);
          expect(isValidIban(changed), changed).toBe(false);
        }
      }
      if (index + 1 < iban.length && iban[index] !== iban[index + 1]) {
        const swapped = iban.slice(0, index) + iban[index + 1] + iban[index] + iban.slice(index + 2);
        expect(isValidIban(swapped), swapped).toBe(false);
      }
    }
  });

  it('prints in groups of four', () => {
    expect(formatIban('FR1420041010050500013M02606')).toBe('FR14 2004 1010 0505 0001 3M02 606');
    expect(formatIban('be68 5390 0754 7034')).toBe('BE68 5390 0754 7034');
  });

  it('property: any BBAN of the right length gets check digits that validate, and formatting round-trips', () => {
    const countries = Object.keys(SEPA_IBAN_LENGTHS);
    fc.assert(
      fc.property(
        fc.constantFrom(...countries),
        fc.array(fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'), {
          minLength: 30,
          maxLength: 30,
        }),
        (country, characters) => {
          const bban = characters.join('').slice(0, SEPA_IBAN_LENGTHS[country]! - 4);
          const iban = `${country}${ibanCheckDigits(country, bban)}${bban}`;
          expect(validateIban(iban)).toEqual({ ok: true, value: iban });
          expect(validateIban(formatIban(iban).toLowerCase())).toEqual({ ok: true, value: iban });
          expect(normalizeIban(formatIban(iban))).toBe(iban);
        },
      ),
    );
  });

  it('property: changing one digit of a valid IBAN makes it invalid', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: VIRTUAL_IBAN_SEQUENCE_MAX }),
        fc.nat(),
        fc.constantFrom(...'0123456789'),
        (sequence, position, replacement) => {
          const iban = generateVirtualIban(sequence);
          const index = 2 + (position % (iban.length - 2));
          fc.pre(iban[index] !== replacement);
          expect(isValidIban(iban.slice(0, index) + replacement + iban.slice(index + 1))).toBe(false);
        },
      ),
    );
  });
});

describe('virtual IBANs', () => {
  it('are valid Tessera Luxembourg IBANs, one per sequence', () => {
    expect(generateVirtualIban(1)).toBe('LU080997000000000001');
    expect(formatIban(generateVirtualIban(1))).toBe('LU08 0997 0000 0000 0001');
    expect(isTesseraIban('LU08 0997 0000 0000 0001')).toBe(true);
    expect(isTesseraIban('LU28 0019 4006 4475 0000')).toBe(false);
  });

  it('property: every sequence gives a valid IBAN and different sequences give different IBANs', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: VIRTUAL_IBAN_SEQUENCE_MAX }),
        fc.bigInt({ min: 0n, max: VIRTUAL_IBAN_SEQUENCE_MAX }),
        (first, second) => {
          const iban = generateVirtualIban(first);
          expect(validateIban(iban)).toEqual({ ok: true, value: iban });
          expect(isTesseraIban(iban)).toBe(true);
          expect(generateVirtualIban(second) === iban).toBe(first === second);
        },
      ),
    );
  });

  it('refuses a sequence it cannot encode', () => {
    expect(() => generateVirtualIban(-1)).toThrow(RangeError);
    expect(() => generateVirtualIban(1.5)).toThrow(RangeError);
    expect(() => generateVirtualIban(VIRTUAL_IBAN_SEQUENCE_MAX + 1n)).toThrow(RangeError);
  });
});

describe('BIC', () => {
  it('accepts 8 and 11 characters, normalised to upper case', () => {
    expect(validateBic('deutdeff')).toEqual({ ok: true, value: 'DEUTDEFF' });
    expect(validateBic('DEUT DE FF 500')).toEqual({ ok: true, value: 'DEUTDEFF500' });
    expect(validateBic('BNPAFRPPXXX')).toEqual({ ok: true, value: 'BNPAFRPPXXX' });
  });

  it('refuses other shapes', () => {
    expect(validateBic('')).toEqual({ ok: false, problem: 'empty' });
    for (const bad of ['DEUTDEF', 'DEUTDEFF50', 'DEUTDEFF5000', 'D3UTDEFF', 'DEUT1EFF', 'DEUTDEF!']) {
      expect(validateBic(bad), bad).toEqual({ ok: false, problem: 'invalid_format' });
    }
  });
});

describe('Bitcoin addresses', () => {
  // BIP-350's test vectors for segwit addresses (bc and tb prefixes only: the others are other chains).
  const validMainnet = [
    'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
    'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
    'BC1SW50QGDZ25J',
    'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs',
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
    // Legacy Base58Check: the genesis coinbase's P2PKH and a P2SH address.
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
  ];
  const validTestnet = [
    'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
    'tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy',
    'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c',
  ];

  it('accepts BIP-350 and legacy mainnet examples, bech32 in lower case', () => {
    for (const address of validMainnet) {
      const check = validateCryptoAddress('BTC', address);
      expect(check.ok, address).toBe(true);
      if (check.ok && /^bc1/i.test(address)) {
        expect(check.value).toBe(address.toLowerCase());
      }
    }
  });

  it('accepts test-network addresses only when asked for the test network', () => {
    for (const address of validTestnet) {
      expect(validateCryptoAddress('BTC', address, { bitcoinNetwork: 'testnet' }).ok, address).toBe(true);
      expect(validateCryptoAddress('BTC', address)).toEqual({ ok: false, problem: 'wrong_network' });
    }
    expect(validateCryptoAddress('BTC', validMainnet[0]!, { bitcoinNetwork: 'testnet' })).toEqual({
      ok: false,
      problem: 'wrong_network',
    });
  });

  it("refuses BIP-350's invalid examples with a named problem", () => {
    const invalid: Array<[string, string]> = [
      ['tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut', 'invalid_format'],
      ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', 'checksum_mismatch'],
      ['BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL', 'checksum_mismatch'],
      ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', 'checksum_mismatch'],
      ['bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4', 'invalid_format'],
      ['BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R', 'invalid_witness_program'],
      ['bc1pw5dgrnzv', 'invalid_witness_program'],
      [
        'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav',
        'invalid_witness_program',
      ],
      ['BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', 'invalid_witness_program'],
      ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf', 'invalid_witness_program'],
      ['bc1gmk9yu', 'invalid_witness_program'],
    ];
    for (const [address, problem] of invalid) {
      expect(validateCryptoAddress('BTC', address), address).toEqual({ ok: false, problem });
    }
    // Mixed case and non-zero padding, on the test network.
    expect(
      validateCryptoAddress('BTC', 'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq', {
        bitcoinNetwork: 'testnet',
      }),
    ).toEqual({ ok: false, problem: 'invalid_format' });
    expect(
      validateCryptoAddress('BTC', 'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j', {
        bitcoinNetwork: 'testnet',
      }),
    ).toEqual({ ok: false, problem: 'invalid_witness_program' });
  });

  it("refuses BIP-173's invalid examples and BIP-350's test-network ones with a named problem", () => {
    // BIP-173's list, read under BIP-350 (a version 1+ program checked with bech32 is a checksum mismatch).
    const invalidMainnet: Array<[string, string]> = [
      ['tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty', 'invalid_format'],
      ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'checksum_mismatch'],
      ['BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2', 'invalid_witness_program'],
      ['bc1rw5uspcuh', 'checksum_mismatch'],
      ['bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90', 'checksum_mismatch'],
      ['bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du', 'checksum_mismatch'],
      ['bc1q9zpgru', 'invalid_witness_program'],
      ['bc1pdg93mv', 'invalid_witness_program'],
    ];
    for (const [address, problem] of invalidMainnet) {
      expect(validateCryptoAddress('BTC', address), address).toEqual({ ok: false, problem });
    }
    const invalidTestnet: Array<[string, string]> = [
      ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7', 'invalid_format'],
      ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3pjxtptv', 'invalid_witness_program'],
      ['tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf', 'checksum_mismatch'],
      ['tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47', 'checksum_mismatch'],
    ];
    for (const [address, problem] of invalidTestnet) {
      expect(validateCryptoAddress('BTC', address, { bitcoinNetwork: 'testnet' }), address).toEqual({
        ok: false,
        problem,
      });
    }
  });

  it('refuses a legacy address with a wrong checksum, a wrong network, or foreign characters', () => {
    expect(validateCryptoAddress('BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb')).toEqual({
      ok: false,
      problem: 'checksum_mismatch',
    });
    expect(validateCryptoAddress('BTC', 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn')).toEqual({
      ok: false,
      problem: 'wrong_network',
    });
    expect(validateCryptoAddress('BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfN0')).toEqual({
      ok: false,
      problem: 'invalid_format',
    });
    expect(validateCryptoAddress('BTC', '')).toEqual({ ok: false, problem: 'empty' });
  });

  it('property: an encoded segwit program of a valid length decodes as valid; one changed character does not', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.record({ version: fc.constant(0), program: fc.uint8Array({ minLength: 20, maxLength: 20 }) }),
          fc.record({ version: fc.constant(0), program: fc.uint8Array({ minLength: 32, maxLength: 32 }) }),
          fc.record({
            version: fc.integer({ min: 1, max: 16 }),
            program: fc.uint8Array({ minLength: 2, maxLength: 40 }),
          }),
        ),
        fc.nat(),
        fc.constantFrom(...'qpzry9x8gf2tvdw0s3jn54khce6mua7l'),
        ({ version, program }, position, replacement) => {
          const address = encodeSegwitAddress('bc', version, program);
          expect(validateCryptoAddress('BTC', address)).toEqual({ ok: true, value: address });
          expect(validateCryptoAddress('BTC', address.toUpperCase())).toEqual({ ok: true, value: address });
          const index = 3 + (position % (address.length - 3));
          fc.pre(address[index] !== replacement);
          const changed = address.slice(0, index) + replacement + address.slice(index + 1);
          expect(isValidCryptoAddress('BTC', changed)).toBe(false);
        },
      ),
    );
  });
});

describe('Ethereum and USDC addresses (EIP-55)', () => {
  // EIP-55's examples.
  const checksummed = [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
  ];

  it('computes the EIP-55 case of the examples', () => {
    for (const address of checksummed) {
      expect(toChecksumAddress(address.toLowerCase())).toBe(address);
    }
  });

  it('accepts checksummed, all-lower and all-upper addresses for ETH and USDC and returns the checksummed form', () => {
    for (const asset of ['ETH', 'USDC']) {
      for (const address of checksummed) {
        expect(validateCryptoAddress(asset, address)).toEqual({ ok: true, value: address });
        expect(validateCryptoAddress(asset, address.toLowerCase())).toEqual({ ok: true, value: address });
        expect(validateCryptoAddress(asset, `0x${address.slice(2).toUpperCase()}`)).toEqual({
          ok: true,
          value: address,
        });
      }
    }
  });

  it('refuses a wrong case, a wrong length, missing 0x and the zero address', () => {
    expect(validateCryptoAddress('ETH', '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toEqual({
      ok: false,
      problem: 'checksum_mismatch',
    });
    expect(validateCryptoAddress('ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe')).toEqual({
      ok: false,
      problem: 'invalid_format',
    });
    expect(validateCryptoAddress('USDC', '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toEqual({
      ok: false,
      problem: 'invalid_format',
    });
    expect(validateCryptoAddress('ETH', `0x${'0'.repeat(40)}`)).toEqual({
      ok: false,
      problem: 'zero_address',
    });
    // A Bitcoin address is not an Ethereum address, and the other way round.
    expect(validateCryptoAddress('ETH', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4').ok).toBe(false);
    expect(validateCryptoAddress('BTC', checksummed[0]!).ok).toBe(false);
  });

  it('refuses assets without addresses', () => {
    expect(validateCryptoAddress('EUR', checksummed[0]!)).toEqual({
      ok: false,
      problem: 'unsupported_asset',
    });
    expect(chainOfAsset('toString')).toBeUndefined();
    expect(chainOfAsset('USDC')).toBe('ethereum');
  });

  it('property: flipping the case of one letter of a checksummed address is caught', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.nat(), (bytes, position) => {
        const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
        const address = toChecksumAddress(hex);
        const letters = [...address.slice(2)].flatMap((character, index) =>
          /[a-f]/i.test(character) ? [index + 2] : [],
        );
        // Two or more letters are needed for a flip to leave the address mixed case.
        fc.pre(letters.length >= 2 && !/^0x0+$/.test(address));
        expect(isValidCryptoAddress('ETH', address)).toBe(true);
        const index = letters[position % letters.length]!;
        const character = address[index]!;
        const flipped =
          character === character.toUpperCase() ? character.toLowerCase() : character.toUpperCase();
        const changed = address.slice(0, index) + flipped + address.slice(index + 1);
        const stillUniform =
          changed.slice(2) === changed.slice(2).toLowerCase() ||
          changed.slice(2) === changed.slice(2).toUpperCase();
        fc.pre(!stillUniform);
        expect(validateCryptoAddress('ETH', changed)).toEqual({ ok: false, problem: 'checksum_mismatch' });
      }),
    );
  });
});

describe('deposit addresses', () => {
  it('are deterministic, valid for their chain, and differ between seeds and assets', () => {
    const btc = deriveDepositAddress('BTC', 'wallet-1');
    expect(btc).toBe(deriveDepositAddress('BTC', 'wallet-1'));
    expect(btc).toMatch(/^bc1q[0-9a-z]{38}$/);
    expect(deriveDepositAddress('BTC', 'wallet-1', { bitcoinNetwork: 'testnet' })).toMatch(/^tb1q/);
    expect(deriveDepositAddress('ETH', 'wallet-1')).not.toBe(deriveDepositAddress('USDC', 'wallet-1'));
    expect(() => deriveDepositAddress('BTC', '')).toThrow(RangeError);
  });

  it('property: every seed gives an address the validator accepts unchanged', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('BTC', 'ETH', 'USDC') as fc.Arbitrary<'BTC' | 'ETH' | 'USDC'>,
        fc.string({ minLength: 1 }),
        (asset, seed) => {
          const address = deriveDepositAddress(asset, seed);
          expect(validateCryptoAddress(asset, address)).toEqual({ ok: true, value: address });
        },
      ),
    );
  });
});

describe('zod schemas', () => {
  it('normalise a valid IBAN and BIC and name the problem of an invalid one', () => {
    expect(ibanSchema.parse('de89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
    const bad = ibanSchema.safeParse('DE89 3704 0044 0532 0130 01');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('checksum_mismatch');
    expect(bicSchema.parse('bnpafrpp')).toBe('BNPAFRPP');
    expect(bicSchema.safeParse('nope').error?.issues[0]?.message).toBe('invalid_format');
  });
});
