import type { MemberLocale } from "../contract/member-locale.ts";
import { type SurveyOption, type Temperament, temperaments } from "../db/schema.ts";

export type TemperamentResult = {
  dominant: Temperament;
  secondary: Temperament;
  /** How many answers chose an option of each temperament (they add up to the answers given). */
  scores: Record<Temperament, number>;
};

/**
 * The temperament result of a set of answers (docs/architecture.md §5): every option scores one of the four
 * classical temperaments; the most chosen is dominant, the next secondary.
 *
 * Ties are broken by the order of `temperaments` (sanguine, choleric, melancholic, phlegmatic):
 * a fixed rule, so the same answers always give the same result, on any server.
 *
 * @param chosen the option each answered question's answer picked
 */
export function scoreTemperament(chosen: readonly SurveyOption[]): TemperamentResult {
  const scores = Object.fromEntries(temperaments.map((t) => [t, 0])) as Record<Temperament, number>;
  for (const option of chosen) scores[option.temperament]++;
  // Array.prototype.sort is stable: equal scores keep the order of `temperaments`.
  const [dominant, secondary] = [...temperaments].sort((a, b) => scores[b] - scores[a]) as [Temperament, Temperament];
  return { dominant, secondary, scores };
}

type TemperamentDescription = { name: string; description: string };

/** What each temperament means, for the result e-mail, in each language (Turkish: the glossary's names). */
export const temperamentDescriptions: Record<MemberLocale, Record<Temperament, TemperamentDescription>> = {
  en: {
    sanguine: {
      name: "Sanguine",
      description:
        "Warm, lively and sociable: you draw energy from people and new experiences, and you lift the mood of a room. Gentle routines and calming herbal teas help you keep your enthusiasm steady.",
    },
    choleric: {
      name: "Choleric",
      description:
        "Driven, decisive and quick to act: you set goals and reach them. Cooling foods, regular rest and soothing blends help your energy last without burning out.",
    },
    melancholic: {
      name: "Melancholic",
      description:
        "Thoughtful, careful and deep: you notice details others miss and value quality and calm. Warming spices, good sleep and time in nature support your balance.",
    },
    phlegmatic: {
      name: "Phlegmatic",
      description:
        "Calm, steady and easy-going: you bring patience and peace to those around you. Light, warming foods and gentle movement keep you bright and energised.",
    },
  },
  tr: {
    sanguine: {
      name: "Demevi",
      description:
        "Sıcak, canlı ve sosyal: enerjinizi insanlardan ve yeni deneyimlerden alır, bulunduğunuz ortamın havasını yükseltirsiniz. Yumuşak rutinler ve sakinleştirici bitki çayları coşkunuzu dengede tutmanıza yardımcı olur.",
    },
    choleric: {
      name: "Safravi",
      description:
        "Azimli, kararlı ve harekete geçmekte hızlı: hedefler koyar ve onlara ulaşırsınız. Serinletici yiyecekler, düzenli dinlenme ve yatıştırıcı karışımlar enerjinizin tükenmeden sürmesine yardımcı olur.",
    },
    melancholic: {
      name: "Sevdavi",
      description:
        "Düşünceli, özenli ve derin: başkalarının kaçırdığı ayrıntıları fark eder, kaliteye ve huzura değer verirsiniz. Isıtıcı baharatlar, iyi bir uyku ve doğada geçirilen zaman dengenizi destekler.",
    },
    phlegmatic: {
      name: "Balgami",
      description:
        "Sakin, dengeli ve uyumlu: çevrenize sabır ve huzur getirirsiniz. Hafif, ısıtıcı yiyecekler ve yumuşak hareketler sizi dinç ve enerjik tutar.",
    },
  },
};
