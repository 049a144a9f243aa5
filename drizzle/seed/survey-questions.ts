import type { SeedSurveyQuestion } from "./types.ts";

/**
 * The 20-question temperament test (docs/product.md §1, §9). Original wording; every question offers one
 * option per temperament, in a varying position so the order gives nothing away.
 */
export const seedSurveyQuestions: SeedSurveyQuestion[] = [
  {
    id: 1,
    order: 1,
    question: "How do you usually start your day?",
    questionTr: "Güne genellikle nasıl başlarsınız?",
    options: [
      {
        text: "With a clear plan and the hardest task first",
        textTr: "Net bir planla, önce en zor işi bitirerek",
        temperament: "choleric",
      },
      {
        text: "Chatting, music on, and a bit of improvising",
        textTr: "Sohbet ederek, müzik açıp biraz da doğaçlamayla",
        temperament: "sanguine",
      },
      {
        text: "Slowly, with a calm routine I rarely change",
        textTr: "Ağır ağır, pek değiştirmediğim sakin bir düzenle",
        temperament: "phlegmatic",
      },
      {
        text: "Reviewing my list and checking nothing is forgotten",
        textTr: "Listemi gözden geçirip hiçbir şeyi unutmadığımdan emin olarak",
        temperament: "melancholic",
      },
    ],
  },
  {
    id: 2,
    order: 2,
    question: "How would you describe your energy through the day?",
    questionTr: "Gün içindeki enerjinizi nasıl tarif edersiniz?",
    options: [
      {
        text: "Steady and even, rarely high or low",
        textTr: "Dengeli ve sabit; nadiren çok yükselir ya da düşer",
        temperament: "phlegmatic",
      },
      {
        text: "Strong and driven until the job is done",
        textTr: "Güçlü ve kararlı; iş bitene kadar durmam",
        temperament: "choleric",
      },
      {
        text: "Bursts of excitement followed by quick dips",
        textTr: "Coşku dolu anlar, ardından hızlı düşüşler",
        temperament: "sanguine",
      },
      {
        text: "Quiet, and easily drained by noise and crowds",
        textTr: "Sakin; gürültü ve kalabalık beni çabuk yorar",
        temperament: "melancholic",
      },
    ],
  },
  {
    id: 3,
    order: 3,
    question: "How do you usually sleep?",
    questionTr: "Uykunuz genellikle nasıldır?",
    options: [
      {
        text: "Lightly; my thoughts often keep me awake",
        textTr: "Hafif; düşüncelerim çoğu zaman uykumu kaçırır",
        temperament: "melancholic",
      },
      {
        text: "Deeply and long, and I love a nap",
        textTr: "Derin ve uzun; öğle uykusuna da bayılırım",
        temperament: "phlegmatic",
      },
      {
        text: "Late to bed, yet I wake up cheerful",
        textTr: "Geç yatarım ama neşeyle uyanırım",
        temperament: "sanguine",
      },
      {
        text: "Short and efficient; I wake up ready to go",
        textTr: "Kısa ama verimli; kalktığımda hemen işe hazırım",
        temperament: "choleric",
      },
    ],
  },
  {
    id: 4,
    order: 4,
    question: "What is your appetite like?",
    questionTr: "İştahınız nasıldır?",
    options: [
      {
        text: "Varied; I love trying new dishes with friends",
        textTr: "Değişken; arkadaşlarla yeni yemekler denemeyi severim",
        temperament: "sanguine",
      },
      {
        text: "Sensitive; my mood easily affects my stomach",
        textTr: "Hassas; ruh hâlim hemen mideme yansır",
        temperament: "melancholic",
      },
      {
        text: "Strong; I eat fast and get irritable when hungry",
        textTr: "Güçlü; hızlı yerim, acıkınca sinirlenirim",
        temperament: "choleric",
      },
      {
        text: "Regular; I enjoy familiar comfort food",
        textTr: "Düzenli; alıştığım ev yemeklerini severim",
        temperament: "phlegmatic",
      },
    ],
  },
  {
    id: 5,
    order: 5,
    question: "At a gathering where you know few people, you...",
    questionTr: "Pek az kişiyi tanıdığınız bir davette…",
    options: [
      {
        text: "Stay with one or two people I already know",
        textTr: "Zaten tanıdığım bir iki kişinin yanından ayrılmam",
        temperament: "melancholic",
      },
      {
        text: "End up knowing everyone's name by the end",
        textTr: "Gecenin sonunda herkesin adını öğrenmiş olurum",
        temperament: "sanguine",
      },
      {
        text: "Listen more than talk and enjoy the calm corners",
        textTr: "Konuşmaktan çok dinler, sakin köşelerin tadını çıkarırım",
        temperament: "phlegmatic",
      },
      {
        text: "Steer the conversation towards useful contacts",
        textTr: "Sohbeti işime yarayacak tanışıklıklara yönlendiririm",
        temperament: "choleric",
      },
    ],
  },
  {
    id: 6,
    order: 6,
    question: "When you are under pressure at work or at home, you...",
    questionTr: "İşte ya da evde baskı altındayken…",
    options: [
      {
        text: "Take charge and push harder",
        textTr: "Kontrolü elime alır, daha çok yüklenirim",
        temperament: "choleric",
      },
      {
        text: "Stay calm and wait for things to settle",
        textTr: "Sakin kalır, işlerin yoluna girmesini beklerim",
        temperament: "phlegmatic",
      },
      {
        text: "Worry and go over every detail again",
        textTr: "Endişelenir, her ayrıntıyı yeniden gözden geçiririm",
        temperament: "melancholic",
      },
      {
        text: "Talk it through and look for a distraction",
        textTr: "Biriyle konuşur, kafamı dağıtacak bir şey ararım",
        temperament: "sanguine",
      },
    ],
  },
  {
    id: 7,
    order: 7,
    question: "How do you make important decisions?",
    questionTr: "Önemli kararları nasıl verirsiniz?",
    options: [
      {
        text: "After long research and weighing every risk",
        textTr: "Uzun uzun araştırıp her riski tarttıktan sonra",
        temperament: "melancholic",
      },
      {
        text: "Quickly and firmly, then I stick to them",
        textTr: "Hızlı ve net; sonra da arkasında dururum",
        temperament: "choleric",
      },
      {
        text: "On a gut feeling, often in the moment",
        textTr: "İçgüdüyle, çoğu zaman o anda",
        temperament: "sanguine",
      },
      {
        text: "Slowly; I prefer not to rush or change much",
        textTr: "Yavaş yavaş; acele etmeyi ve çok şey değiştirmeyi sevmem",
        temperament: "phlegmatic",
      },
    ],
  },
  {
    id: 8,
    order: 8,
    question: "Which kind of weekend appeals to you most?",
    questionTr: "Size en çok nasıl bir hafta sonu cazip gelir?",
    options: [
      {
        text: "Finishing a project I have been planning",
        textTr: "Uzun zamandır planladığım bir işi bitirmek",
        temperament: "choleric",
      },
      {
        text: "A quiet day at home with a book or a film",
        textTr: "Evde bir kitap ya da filmle sakin bir gün",
        temperament: "phlegmatic",
      },
      {
        text: "Parties, outings and spontaneous plans",
        textTr: "Davetler, geziler ve anlık planlar",
        temperament: "sanguine",
      },
      {
        text: "A walk in nature, alone with my thoughts",
        textTr: "Düşüncelerimle baş başa bir doğa yürüyüşü",
        temperament: "melancholic",
      },
    ],
  },
  {
    id: 9,
    order: 9,
    question: "When someone criticises you, you usually...",
    questionTr: "Biri sizi eleştirdiğinde genellikle…",
    options: [
      {
        text: "Argue back if I think they are wrong",
        textTr: "Haksız olduğunu düşünüyorsam karşılık veririm",
        temperament: "choleric",
      },
      {
        text: "Feel hurt and think about it for days",
        textTr: "Kırılır, günlerce düşünürüm",
        temperament: "melancholic",
      },
      { text: "Shrug it off and move on", textTr: "Omuz silker, yoluma devam ederim", temperament: "phlegmatic" },
      {
        text: "Laugh it off, then quickly forget it",
        textTr: "Gülüp geçer, çabucak unuturum",
        temperament: "sanguine",
      },
    ],
  },
  {
    id: 10,
    order: 10,
    question: "How tidy is your living space?",
    questionTr: "Yaşadığınız yer ne kadar düzenlidir?",
    options: [
      {
        text: "Comfortable and lived-in, and that is fine",
        textTr: "Rahat ve yaşanmış; böylesi de gayet iyi",
        temperament: "phlegmatic",
      },
      { text: "Colourful and a little chaotic", textTr: "Renkli ve biraz dağınık", temperament: "sanguine" },
      {
        text: "Very orderly; everything has its place",
        textTr: "Çok düzenli; her şeyin bir yeri vardır",
        temperament: "melancholic",
      },
      {
        text: "Practical; only what I actually use",
        textTr: "Pratik; yalnızca gerçekten kullandıklarım",
        temperament: "choleric",
      },
    ],
  },
  {
    id: 11,
    order: 11,
    question: "How do you usually express your emotions?",
    questionTr: "Duygularınızı genellikle nasıl ifade edersiniz?",
    options: [
      {
        text: "Openly; people always know how I feel",
        textTr: "Açıkça; ne hissettiğimi herkes bilir",
        temperament: "sanguine",
      },
      { text: "Directly, sometimes too sharply", textTr: "Doğrudan, bazen fazla sert", temperament: "choleric" },
      { text: "Rarely; I keep an even temper", textTr: "Nadiren; hep dengeli kalırım", temperament: "phlegmatic" },
      {
        text: "Inwardly; I feel deeply but show little",
        textTr: "İçimden; derinden hisseder ama pek belli etmem",
        temperament: "melancholic",
      },
    ],
  },
  {
    id: 12,
    order: 12,
    question: "In a group project you tend to be...",
    questionTr: "Bir ekip çalışmasında genellikle…",
    options: [
      {
        text: "The one who checks quality and details",
        textTr: "Kaliteyi ve ayrıntıları denetleyen kişi olurum",
        temperament: "melancholic",
      },
      {
        text: "The peacemaker who keeps everyone calm",
        textTr: "Herkesi sakinleştiren arabulucu olurum",
        temperament: "phlegmatic",
      },
      {
        text: "The leader who sets goals and deadlines",
        textTr: "Hedefleri ve teslim tarihlerini belirleyen lider olurum",
        temperament: "choleric",
      },
      {
        text: "The one who brings ideas and good mood",
        textTr: "Fikirleri ve neşeyi getiren kişi olurum",
        temperament: "sanguine",
      },
    ],
  },
  {
    id: 13,
    order: 13,
    question: "How do you react when plans suddenly change?",
    questionTr: "Planlar birden değiştiğinde nasıl tepki verirsiniz?",
    options: [
      {
        text: "Fine, as long as I don't have to hurry",
        textTr: "Acele etmem gerekmedikçe sorun değil",
        temperament: "phlegmatic",
      },
      {
        text: "Annoyed; I need time to adjust",
        textTr: "Canım sıkılır; alışmak için zamana ihtiyacım olur",
        temperament: "melancholic",
      },
      {
        text: "Excited; surprises are fun",
        textTr: "Heyecanlanırım; sürprizler eğlencelidir",
        temperament: "sanguine",
      },
      {
        text: "I quickly make a new plan and carry on",
        textTr: "Hemen yeni bir plan yapıp devam ederim",
        temperament: "choleric",
      },
    ],
  },
  {
    id: 14,
    order: 14,
    question: "Which weather do you feel best in?",
    questionTr: "Kendinizi en iyi hangi havada hissedersiniz?",
    options: [
      {
        text: "Sunny and warm, a day to be outside",
        textTr: "Güneşli ve ılık; dışarıda geçirilecek bir gün",
        temperament: "sanguine",
      },
      {
        text: "Mild and cloudy, nothing extreme",
        textTr: "Ilıman ve bulutlu; hiçbir şeyin aşırısı olmayan",
        temperament: "phlegmatic",
      },
      {
        text: "Crisp and dry, good for getting things done",
        textTr: "Serin ve kuru; iş bitirmek için ideal",
        temperament: "choleric",
      },
      {
        text: "Soft rain, perfect for staying in",
        textTr: "Hafif yağmur; evde kalmak için birebir",
        temperament: "melancholic",
      },
    ],
  },
  {
    id: 15,
    order: 15,
    question: "How do you deal with money?",
    questionTr: "Parayla aranız nasıldır?",
    options: [
      {
        text: "I budget carefully and save for the future",
        textTr: "Bütçemi dikkatle yapar, gelecek için birikim yaparım",
        temperament: "melancholic",
      },
      {
        text: "I invest it in my goals and ambitions",
        textTr: "Hedeflerime ve hayallerime yatırırım",
        temperament: "choleric",
      },
      {
        text: "I spend on experiences and gifts for others",
        textTr: "Deneyimlere ve sevdiklerime hediyelere harcarım",
        temperament: "sanguine",
      },
      {
        text: "I keep it simple and avoid big changes",
        textTr: "Sade tutar, büyük değişikliklerden kaçınırım",
        temperament: "phlegmatic",
      },
    ],
  },
  {
    id: 16,
    order: 16,
    question: "When you get angry, how long does it last?",
    questionTr: "Öfkelendiğinizde bu ne kadar sürer?",
    options: [
      {
        text: "It flares up fast and fades just as fast",
        textTr: "Çabuk parlar, aynı hızla söner",
        temperament: "sanguine",
      },
      { text: "I rarely get angry at all", textTr: "Zaten pek öfkelenmem", temperament: "phlegmatic" },
      {
        text: "It lingers quietly inside for a long time",
        textTr: "Uzun süre sessizce içimde kalır",
        temperament: "melancholic",
      },
      {
        text: "It is intense until the problem is solved",
        textTr: "Sorun çözülene kadar yoğun sürer",
        temperament: "choleric",
      },
    ],
  },
  {
    id: 17,
    order: 17,
    question: "How do you prefer to learn something new?",
    questionTr: "Yeni bir şeyi nasıl öğrenmeyi tercih edersiniz?",
    options: [
      { text: "By doing it myself straight away", textTr: "Hemen kendim yaparak", temperament: "choleric" },
      {
        text: "Step by step, at my own steady pace",
        textTr: "Adım adım, kendi sakin temposumda",
        temperament: "phlegmatic",
      },
      {
        text: "With others, in a lively class or group",
        textTr: "Başkalarıyla, hareketli bir sınıfta ya da grupta",
        temperament: "sanguine",
      },
      {
        text: "Reading in depth until I understand it fully",
        textTr: "Tam olarak anlayana kadar derinlemesine okuyarak",
        temperament: "melancholic",
      },
    ],
  },
  {
    id: 18,
    order: 18,
    question: "What do friends most often say about you?",
    questionTr: "Arkadaşlarınız sizin için en çok ne söyler?",
    options: [
      { text: "That I am thoughtful and loyal", textTr: "Düşünceli ve vefalı olduğumu", temperament: "melancholic" },
      { text: "That I am fun and full of life", textTr: "Eğlenceli ve hayat dolu olduğumu", temperament: "sanguine" },
      {
        text: "That I am determined and confident",
        textTr: "Kararlı ve kendinden emin olduğumu",
        temperament: "choleric",
      },
      { text: "That I am easy-going and patient", textTr: "Uyumlu ve sabırlı olduğumu", temperament: "phlegmatic" },
    ],
  },
  {
    id: 19,
    order: 19,
    question: "How do you feel about physical activity?",
    questionTr: "Fiziksel aktiviteye bakışınız nasıldır?",
    options: [
      {
        text: "Gentle walks or yoga suit me best",
        textTr: "Bana en çok hafif yürüyüşler ya da yoga uyar",
        temperament: "phlegmatic",
      },
      {
        text: "Competitive sports; I like to win",
        textTr: "Rekabetçi sporlar; kazanmayı severim",
        temperament: "choleric",
      },
      {
        text: "Solitary exercise such as swimming or running",
        textTr: "Yüzme ya da koşu gibi tek başına yapılan sporlar",
        temperament: "melancholic",
      },
      {
        text: "Dancing or team games with friends",
        textTr: "Dans ya da arkadaşlarla takım oyunları",
        temperament: "sanguine",
      },
    ],
  },
  {
    id: 20,
    order: 20,
    question: "At the end of a long day, what helps you unwind?",
    questionTr: "Uzun bir günün sonunda rahatlamanıza ne yardımcı olur?",
    options: [
      {
        text: "Calling a friend and sharing the day's stories",
        textTr: "Bir arkadaşımı arayıp günün hikâyelerini anlatmak",
        temperament: "sanguine",
      },
      {
        text: "Quiet time alone, perhaps writing or reflecting",
        textTr: "Yalnız ve sessiz bir zaman; belki yazmak ya da düşünmek",
        temperament: "melancholic",
      },
      {
        text: "A warm tea and my favourite armchair",
        textTr: "Sıcak bir çay ve en sevdiğim koltuk",
        temperament: "phlegmatic",
      },
      {
        text: "Planning tomorrow so I feel in control",
        textTr: "Her şey kontrolümde olsun diye yarını planlamak",
        temperament: "choleric",
      },
    ],
  },
];
