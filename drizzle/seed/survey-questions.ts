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
    options: [
      { text: "With a clear plan and the hardest task first", temperament: "choleric" },
      { text: "Chatting, music on, and a bit of improvising", temperament: "sanguine" },
      { text: "Slowly, with a calm routine I rarely change", temperament: "phlegmatic" },
      { text: "Reviewing my list and checking nothing is forgotten", temperament: "melancholic" },
    ],
  },
  {
    id: 2,
    order: 2,
    question: "How would you describe your energy through the day?",
    options: [
      { text: "Steady and even, rarely high or low", temperament: "phlegmatic" },
      { text: "Strong and driven until the job is done", temperament: "choleric" },
      { text: "Bursts of excitement followed by quick dips", temperament: "sanguine" },
      { text: "Quiet, and easily drained by noise and crowds", temperament: "melancholic" },
    ],
  },
  {
    id: 3,
    order: 3,
    question: "How do you usually sleep?",
    options: [
      { text: "Lightly; my thoughts often keep me awake", temperament: "melancholic" },
      { text: "Deeply and long, and I love a nap", temperament: "phlegmatic" },
      { text: "Late to bed, yet I wake up cheerful", temperament: "sanguine" },
      { text: "Short and efficient; I wake up ready to go", temperament: "choleric" },
    ],
  },
  {
    id: 4,
    order: 4,
    question: "What is your appetite like?",
    options: [
      { text: "Varied; I love trying new dishes with friends", temperament: "sanguine" },
      { text: "Sensitive; my mood easily affects my stomach", temperament: "melancholic" },
      { text: "Strong; I eat fast and get irritable when hungry", temperament: "choleric" },
      { text: "Regular; I enjoy familiar comfort food", temperament: "phlegmatic" },
    ],
  },
  {
    id: 5,
    order: 5,
    question: "At a gathering where you know few people, you...",
    options: [
      { text: "Stay with one or two people I already know", temperament: "melancholic" },
      { text: "End up knowing everyone's name by the end", temperament: "sanguine" },
      { text: "Listen more than talk and enjoy the calm corners", temperament: "phlegmatic" },
      { text: "Steer the conversation towards useful contacts", temperament: "choleric" },
    ],
  },
  {
    id: 6,
    order: 6,
    question: "When you are under pressure at work or at home, you...",
    options: [
      { text: "Take charge and push harder", temperament: "choleric" },
      { text: "Stay calm and wait for things to settle", temperament: "phlegmatic" },
      { text: "Worry and go over every detail again", temperament: "melancholic" },
      { text: "Talk it through and look for a distraction", temperament: "sanguine" },
    ],
  },
  {
    id: 7,
    order: 7,
    question: "How do you make important decisions?",
    options: [
      { text: "After long research and weighing every risk", temperament: "melancholic" },
      { text: "Quickly and firmly, then I stick to them", temperament: "choleric" },
      { text: "On a gut feeling, often in the moment", temperament: "sanguine" },
      { text: "Slowly; I prefer not to rush or change much", temperament: "phlegmatic" },
    ],
  },
  {
    id: 8,
    order: 8,
    question: "Which kind of weekend appeals to you most?",
    options: [
      { text: "Finishing a project I have been planning", temperament: "choleric" },
      { text: "A quiet day at home with a book or a film", temperament: "phlegmatic" },
      { text: "Parties, outings and spontaneous plans", temperament: "sanguine" },
      { text: "A walk in nature, alone with my thoughts", temperament: "melancholic" },
    ],
  },
  {
    id: 9,
    order: 9,
    question: "When someone criticises you, you usually...",
    options: [
      { text: "Argue back if I think they are wrong", temperament: "choleric" },
      { text: "Feel hurt and think about it for days", temperament: "melancholic" },
      { text: "Shrug it off and move on", temperament: "phlegmatic" },
      { text: "Laugh it off, then quickly forget it", temperament: "sanguine" },
    ],
  },
  {
    id: 10,
    order: 10,
    question: "How tidy is your living space?",
    options: [
      { text: "Comfortable and lived-in, and that is fine", temperament: "phlegmatic" },
      { text: "Colourful and a little chaotic", temperament: "sanguine" },
      { text: "Very orderly; everything has its place", temperament: "melancholic" },
      { text: "Practical; only what I actually use", temperament: "choleric" },
    ],
  },
  {
    id: 11,
    order: 11,
    question: "How do you usually express your emotions?",
    options: [
      { text: "Openly; people always know how I feel", temperament: "sanguine" },
      { text: "Directly, sometimes too sharply", temperament: "choleric" },
      { text: "Rarely; I keep an even temper", temperament: "phlegmatic" },
      { text: "Inwardly; I feel deeply but show little", temperament: "melancholic" },
    ],
  },
  {
    id: 12,
    order: 12,
    question: "In a group project you tend to be...",
    options: [
      { text: "The one who checks quality and details", temperament: "melancholic" },
      { text: "The peacemaker who keeps everyone calm", temperament: "phlegmatic" },
      { text: "The leader who sets goals and deadlines", temperament: "choleric" },
      { text: "The one who brings ideas and good mood", temperament: "sanguine" },
    ],
  },
  {
    id: 13,
    order: 13,
    question: "How do you react when plans suddenly change?",
    options: [
      { text: "Fine, as long as I don't have to hurry", temperament: "phlegmatic" },
      { text: "Annoyed; I need time to adjust", temperament: "melancholic" },
      { text: "Excited; surprises are fun", temperament: "sanguine" },
      { text: "I quickly make a new plan and carry on", temperament: "choleric" },
    ],
  },
  {
    id: 14,
    order: 14,
    question: "Which weather do you feel best in?",
    options: [
      { text: "Sunny and warm, a day to be outside", temperament: "sanguine" },
      { text: "Mild and cloudy, nothing extreme", temperament: "phlegmatic" },
      { text: "Crisp and dry, good for getting things done", temperament: "choleric" },
      { text: "Soft rain, perfect for staying in", temperament: "melancholic" },
    ],
  },
  {
    id: 15,
    order: 15,
    question: "How do you deal with money?",
    options: [
      { text: "I budget carefully and save for the future", temperament: "melancholic" },
      { text: "I invest it in my goals and ambitions", temperament: "choleric" },
      { text: "I spend on experiences and gifts for others", temperament: "sanguine" },
      { text: "I keep it simple and avoid big changes", temperament: "phlegmatic" },
    ],
  },
  {
    id: 16,
    order: 16,
    question: "When you get angry, how long does it last?",
    options: [
      { text: "It flares up fast and fades just as fast", temperament: "sanguine" },
      { text: "I rarely get angry at all", temperament: "phlegmatic" },
      { text: "It lingers quietly inside for a long time", temperament: "melancholic" },
      { text: "It is intense until the problem is solved", temperament: "choleric" },
    ],
  },
  {
    id: 17,
    order: 17,
    question: "How do you prefer to learn something new?",
    options: [
      { text: "By doing it myself straight away", temperament: "choleric" },
      { text: "Step by step, at my own steady pace", temperament: "phlegmatic" },
      { text: "With others, in a lively class or group", temperament: "sanguine" },
      { text: "Reading in depth until I understand it fully", temperament: "melancholic" },
    ],
  },
  {
    id: 18,
    order: 18,
    question: "What do friends most often say about you?",
    options: [
      { text: "That I am thoughtful and loyal", temperament: "melancholic" },
      { text: "That I am fun and full of life", temperament: "sanguine" },
      { text: "That I am determined and confident", temperament: "choleric" },
      { text: "That I am easy-going and patient", temperament: "phlegmatic" },
    ],
  },
  {
    id: 19,
    order: 19,
    question: "How do you feel about physical activity?",
    options: [
      { text: "Gentle walks or yoga suit me best", temperament: "phlegmatic" },
      { text: "Competitive sports; I like to win", temperament: "choleric" },
      { text: "Solitary exercise such as swimming or running", temperament: "melancholic" },
      { text: "Dancing or team games with friends", temperament: "sanguine" },
    ],
  },
  {
    id: 20,
    order: 20,
    question: "At the end of a long day, what helps you unwind?",
    options: [
      { text: "Calling a friend and sharing the day's stories", temperament: "sanguine" },
      { text: "Quiet time alone, perhaps writing or reflecting", temperament: "melancholic" },
      { text: "A warm tea and my favourite armchair", temperament: "phlegmatic" },
      { text: "Planning tomorrow so I feel in control", temperament: "choleric" },
    ],
  },
];
