/**
 * The countries of ISO 3166-1 (249, from Debian's iso-codes), each as its alpha-3 code (nationalities and issuing
 * states, as a machine-readable zone writes them) and its alpha-2 code (addresses, and the key of the names the
 * browser gives in the reader's language with Intl.DisplayNames).
 */

/** "ABWAW": alpha-3 then alpha-2, one country per group. */
const PACKED =
  'ABWAW AFGAF AGOAO AIAAI ALAAX ALBAL ANDAD AREAE ARGAR ARMAM ASMAS ATAAQ ATFTF ATGAG AUSAU AUTAT ' +
  'AZEAZ BDIBI BELBE BENBJ BESBQ BFABF BGDBD BGRBG BHRBH BHSBS BIHBA BLMBL BLRBY BLZBZ BMUBM BOLBO ' +
  'BRABR BRBBB BRNBN BTNBT BVTBV BWABW CAFCF CANCA CCKCC CHECH CHLCL CHNCN CIVCI CMRCM CODCD COGCG ' +
  'COKCK COLCO COMKM CPVCV CRICR CUBCU CUWCW CXRCX CYMKY CYPCY CZECZ DEUDE DJIDJ DMADM DNKDK DOMDO ' +
  'DZADZ ECUEC EGYEG ERIER ESHEH ESPES ESTEE ETHET FINFI FJIFJ FLKFK FRAFR FROFO FSMFM GABGA GBRGB ' +
  'GEOGE GGYGG GHAGH GIBGI GINGN GLPGP GMBGM GNBGW GNQGQ GRCGR GRDGD GRLGL GTMGT GUFGF GUMGU GUYGY ' +
  'HKGHK HMDHM HNDHN HRVHR HTIHT HUNHU IDNID IMNIM INDIN IOTIO IRLIE IRNIR IRQIQ ISLIS ISRIL ITAIT ' +
  'JAMJM JEYJE JORJO JPNJP KAZKZ KENKE KGZKG KHMKH KIRKI KNAKN KORKR KWTKW LAOLA LBNLB LBRLR LBYLY ' +
  'LCALC LIELI LKALK LSOLS LTULT LUXLU LVALV MACMO MAFMF MARMA MCOMC MDAMD MDGMG MDVMV MEXMX MHLMH ' +
  'MKDMK MLIML MLTMT MMRMM MNEME MNGMN MNPMP MOZMZ MRTMR MSRMS MTQMQ MUSMU MWIMW MYSMY MYTYT NAMNA ' +
  'NCLNC NERNE NFKNF NGANG NICNI NIUNU NLDNL NORNO NPLNP NRUNR NZLNZ OMNOM PAKPK PANPA PCNPN PERPE ' +
  'PHLPH PLWPW PNGPG POLPL PRIPR PRKKP PRTPT PRYPY PSEPS PYFPF QATQA REURE ROURO RUSRU RWARW SAUSA ' +
  'SDNSD SENSN SGPSG SGSGS SHNSH SJMSJ SLBSB SLESL SLVSV SMRSM SOMSO SPMPM SRBRS SSDSS STPST SURSR ' +
  'SVKSK SVNSI SWESE SWZSZ SXMSX SYCSC SYRSY TCATC TCDTD TGOTG THATH TJKTJ TKLTK TKMTM TLSTL TONTO ' +
  'TTOTT TUNTN TURTR TUVTV TWNTW TZATZ UGAUG UKRUA UMIUM URYUY USAUS UZBUZ VATVA VCTVC VENVE VGBVG ' +
  'VIRVI VNMVN VUTVU WLFWF WSMWS YEMYE ZAFZA ZMBZM ZWEZW';

/** One country. */
export interface Country {
  alpha2: string;
  alpha3: string;
}

/** Every country, in code order. */
export const COUNTRIES: readonly Country[] = PACKED.split(' ').map((pair) => ({
  alpha3: pair.slice(0, 3),
  alpha2: pair.slice(3, 5),
}));

const BY_ALPHA3 = new Map(COUNTRIES.map((country) => [country.alpha3, country]));
const BY_ALPHA2 = new Map(COUNTRIES.map((country) => [country.alpha2, country]));

/** The country of an alpha-3 code; Germany's zone writes 'D' (ICAO 9303 part 3, 5). */
export function countryOfAlpha3(code: string): Country | undefined {
  return BY_ALPHA3.get(code === 'D' ? 'DEU' : code);
}

/** The country of an alpha-2 code. */
export function countryOfAlpha2(code: string): Country | undefined {
  return BY_ALPHA2.get(code);
}

/** A country's name in `language` (the code itself when the browser knows no name). */
export function countryName(country: Country, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(country.alpha2) ?? country.alpha3;
  } catch {
    return country.alpha3;
  }
}

/** The name of a country given by its alpha-2 or alpha-3 code, or the code when unknown. */
export function countryNameOf(code: string, language: string): string {
  const country = code.length === 2 ? countryOfAlpha2(code) : countryOfAlpha3(code);
  return country ? countryName(country, language) : code;
}

/** Every country as a choice by `code` ('alpha2' or 'alpha3'), sorted by name in `language`. */
export function countryOptions(
  code: 'alpha2' | 'alpha3',
  language: string,
): { value: string; label: string }[] {
  const collator = new Intl.Collator(language);
  return COUNTRIES.map((country) => ({ value: country[code], label: countryName(country, language) })).sort(
    (left, right) => collator.compare(left.label, right.label),
  );
}
