"""One canonical wording per meaning: the rewrites the compiler applies to a normalized effect text before reading it.

Card texts are a controlled language whose variation is lexical, not grammatical: one verb has several synonyms
(手札に移す / 手札に加える), a verb stands for its "take part" form (アプローチしている / アプローチに参加している),
a comma is left out (このカードは妨害に…). Each rewrite below maps a variant onto the wording the phrase readers
(:mod:`engine.pm.cards.compile_phrases`) already know, and must not change the meaning: a variant the table does
not cover stays unread (unverified), never read more loosely. See docs/compiler.md.
"""

from __future__ import annotations

import re

#: a coin kind written before コイン (compile_np.COIN_WORD: +10/+10, or a word of kanji / katakana, round 27: with an
#: honorific around it, お…さん)
_COIN = r"\+10/\+10|[おご]?[\u4e00-\u9fff\u30a1-\u30faー]+(?:さん|ちゃん|くん|様)?"
#: round 27: this card's own moves said intransitively (このカードは、…、手札に戻る) -> the transitive wording read
_OWN_MOVES = {"手札に戻る": "手札に戻す", "デッキの下に移る": "デッキの下に移す", "メインエリアに移る": "メインエリアに移す",
              "サポートエリアに移る": "サポートエリアに移す"}

#: (variant, canonical wording), applied in order
REWRITES: list[tuple[re.Pattern[str], str]] = [(re.compile(p), r) for p, r in [
    # a comma left out after the subject (first: the rewrites below expect it)
    (r"(?:(?<=^)|(?<=間、))このカードは(?!、)", "このカードは、"),
    # round 30: "this card, when it approaches / enters while C, gets G" (このカードは、C状態でアプローチした場合、ターン終了
    # 時まで…を得る): the head said of this card with its state (the wording read: このカードが、C状態で…した場合、), then
    # this card's own gain (only a gain, a keyword or a stand follows: nothing that could name another card)
    (r"^このカードは、([^、。]+?)状態で(アプローチ(?:に参加)?|登場)した場合、(?=ターン終了時まで|〔|[+\-±]\d|活動状態になる)",
     r"このカードが、\1状態で\2した場合、このカードは、"),
    # round 25: "change X's DP to V until the end of the turn", the words in another order / without 値
    (r"(?:(?<=^)|(?<=、))ターン終了時まで、([^、。]+?\d+枚)の(AP/DP|AP|DP)を(\d+(?:/\d+)?)に変更する",
     r"\1の\2の値を、ターン終了時まで\3に変更する"),
    (r"の(AP/DP|AP|DP)を、ターン終了時まで(?=\d+(?:/\d+)?に変更する)", r"の\1の値を、ターン終了時まで"),
    # round 25: "nullify the …, of usage cost N, Chara the opponent is playing": a comma after プレイ中の left out
    (r"相手がプレイ中の、", "相手がプレイ中の"),
    # round 25: "your own" said where no other is meant: your deck's top cards to your Point Zone, your hand's cards
    # under your deck, the opponent discarding from "their own" hand (相手は、自分の手札: the opponent's)
    (r"自分のデッキの上のカード(\d+)枚を自分のポイント置き場に(表|裏)向きで置く",
     r"デッキの上のカード\1枚を自分のポイント置き場に\2向きで置く"),
    # round 25: the duration before the subject (ターン終了時まで、X N枚は…), as the readers have it after the subject
    (r"(?:(?<=^)|(?<=、)|(?<=:))ターン終了時まで、([^、。]+?\d+枚)は、?", r"\1は、ターン終了時まで、"),
    # round 25: "cannot give points by an approach" in its short form; "also during your Approach Phase"
    (r"アプローチでポイントを与えられない", "アプローチでポイントを与えることができない"),
    (r"自分のアプローチフェイズの間でも登場できる", "自分のアプローチフェイズにも登場できる"),
    # round 25: "N X become active" (X N枚は、活動状態になる, a sentence of its own): make N X active
    (r"(\d+枚)は、?活動状態になる(?=。|$)", r"\1を活動状態にする"),
    (r"自分の手札(\d+)枚を(?=(?:、?任意の順番で)?デッキの(?:上|下)に移す)", r"手札\1枚を"),
    (r"相手は、?自分の手札(?=\d+枚を捨て札にする)", "相手は、手札"),
    # round 25: "not approaching" as a verb (アプローチしていない), as アプローチしている is read
    (r"アプローチしていない", "アプローチに参加していない"),
    # round 25: "this card, while C in the hand" written C first (C状態で手札にある場合、): the hand's wording
    (r"^このカードは、([^、。]+?)状態で手札にある場合、", r"このカードは、手札にある状態で、\1場合、"),
    # round 25: a comma left out after "this card" after a trigger's head (…ごとに、このカードはターン終了時まで…)
    (r"(?:(?<=場合、)|(?<=ごとに、))このカードは(?=ターン終了時まで)", "このカードは、"),
    # round 25: "return … to the deck and shuffle" (the deck named once): the same deck shuffled
    (r"デッキに戻し、シャッフルする", "デッキに戻し、デッキをシャッフルする"),
    # round 25: the comma after a trigger's 同じターンの間に left out (同じターンの間に自分の「X」が2枚以上アプローチした場合)
    (r"^同じターンの間に(?=[^、。]+?が\d+(?:回|枚)以上[^、。]+?場合、)", "同じターンの間に、"),
    # round 25: a comma left out after a condition, before the keywords gained (…乗っている場合〔アクティブ〕、+10/+10を得る)
    (r"場合(?=〔[^〕]+〕、?(?:[+\-±]\d+/[+\-±]\d+)?を得る)", "場合、"),
    # round 25: "this card, when in the hand, during your Main Phase, usage cost ±N": the hand's wording (手札にある状態で)
    (r"^このカードは、手札にある場合、(自分のメインフェイズの間、使用コスト[+-]\d+を得る)$", r"このカードは、手札にある状態で、\1"),
    # round 25: "this card, (during your turn,) with X coins on it, …": the coins on this card, as the readers say it
    (rf"^このカードは、(自分のターンの間、)?((?:{_COIN})?コインが乗っている(?:場合|状態で))", r"このカードは、\1このカードの上に\2"),
    # moving a card into the hand: one verb
    (r"手札に移す", "手札に加える"),
    (r"手札に移し、", "手札に加え、"),
    # "approach" / "interfere" used as verbs: taking part
    (r"もう一度アプローチできる", "もう一度アプローチに参加することができる"),
    (r"(?<=[、はで])アプローチできない", "アプローチに参加することができない"),
    (r"(?<=[、はで])妨害できない", "妨害に参加することができない"),
    (r"(?<=[、はで])アプローチと妨害に参加できない", "アプローチと妨害に参加することができない"),
    (r"(?<=[がの])アプローチまたは妨害している", "アプローチまたは妨害に参加している"),
    (r"^このカードがアプローチまたは妨害した場合、", "このカードがアプローチまたは妨害に参加した場合、"),
    (r"(?<=[がの])アプローチしている", "アプローチに参加している"),
    # "at the end of your turn": a turn-end trigger during your own turn
    (r"^自分のターン終了時に、?", "自分のターンの間、ターン終了時に、"),
    (r"^このカードは、自分のターン終了時に、?", "自分のターンの間、このカードは、ターン終了時に"),
    (r"(?:自分の)?デッキの上から(\d+)枚を見て", r"デッキの上のカード\1枚を見て"),
    # number words
    (r"APまたはDPが", "APまたはDPの値が"),
    # a comma left out after the subject
    (r"(\d+枚)は(?!、)", r"\1は、"),
    (r"(?<=キャラ)は(?![、い])", "は、"),
    (r"(?:(?<=^)|(?<=、))(相手|自分)は(?!、)", r"\1は、"),
    (r"(?<=。)(相手|自分)は(?!、)", r"\1は、"),
    (r"AP/DPを持つ", "AP/DPの値を持つ"),
    (r"カードを(\d+)枚を", r"カード\1枚を"),
    (r"につき(?!、)", "につき、"),
    # "this turn, all your X are not interfered by Y": the turn after the subject, as the readers know it
    (r"(?:(?<=^)|(?<=、))このターン、(自分の全ての[^、。]+?)は、([^、。]+?には妨害されない)", r"\1は、このターン、\2"),
    # N cards under the deck "in any order": the player's order is the order a pick moves them in anyway
    (r"(\d+枚)を、任意の順番でデッキの下に移す", r"\1をデッキの下に移す"),
    (r"置き場にある、", "置き場にある"),
    (r"表向きで自分のポイント置き場に置く", "自分のポイント置き場に表向きで置く"),
    (r"のアプローチによって相手の", "のアプローチで相手の"),
    (r"(?:(?<=^)|(?<=、))(相手|自分)は、このターン、", r"このターン、\1は、"),
    (r"(?<=[」】ャ])がアプローチした場合、", "がアプローチに参加した場合、"),
    (r"(?<=[」】ャ])がアプローチするごとに、", "がアプローチに参加するごとに、"),
    # cards put under the deck "in any order": the order the player gives (a pick's choice) is that order
    (r"(\d+枚)を任意の順番でデッキの下に移す", r"\1をデッキの下に移す"),
    # two causes: 登場した場合、または… = 登場、または…
    (r"^このカードが登場した場合、または(?=アプローチに参加した場合|退場した場合)", "このカードが登場、または"),
    # "this card, when it enters, gets / becomes …": the same as "when this card enters, this card gets / becomes …"
    (r"^このカードは、妨害した場合、", "このカードは、妨害に参加した場合、"),
    # (round 32: any of this card's own events, as the heads read them: 退場した, アプローチで退場した, ポイントを与えた …)
    (r"^このカードは、(登場した|アプローチに参加した|アプローチした|妨害された|妨害に参加した|退場した|アプローチで退場した"
     r"|アプローチでポイントを与えた|ポイントを与えた)場合、(?=ターン終了時まで|ターン終了時に|活動状態になる|休息状態になる"
     r"|デッキの下に移る|手札に戻る|捨て札になる|ゲームから取り除かれる|サポートエリアに移る|メインエリアに移る)",
     r"このカードが\1場合、このカードは、"),
    # a card is placed in its owner's Point Zone: 自分の adds nothing; 登場または = 登場、または
    (r"相手のアプローチによって自分のポイント置き場に置かれた", "相手のアプローチによってポイント置き場に置かれた"),
    (r"登場または(相手のアプローチによってポイント置き場に置かれた|退場した)", r"登場、または\1"),
    # a usage cost change or 〔自由登場〕 of this card in the hand under a condition, with the condition written
    # before "in the hand" or after it: one wording, 手札にある状態で、X場合、
    (r"^このカードは、([^、。]+?)状態で手札にある場合、", r"このカードは、手札にある状態で、\1場合、"),
    # coins "on" a Chara: 上にある = 上に乗っている (both say the coins lie on it)
    (r"の上にある(?=(?:\+10/\+10|[\u4e00-\u9fff\u30a1-\u30faー]+)?コイン)", "の上に乗っている"),
    (r"^このカードは、手札にある場合、([^、。]+?)場合、(?=使用コスト|〔自由登場〕)", r"このカードは、手札にある状態で、\1場合、"),
    # round 16: "may also be summoned in the opponent's Main Phase": にも = でも (also)
    (r"相手のメインフェイズにも登場", "相手のメインフェイズでも登場"),
    # round 19: the same "also" (でも = にも) in the player's own Approach Phase, as the reader knows it
    (r"自分のアプローチフェイズでも登場", "自分のアプローチフェイズにも登場"),
    # "this card, while taking part in an approach / an interference, …": the condition is on this card
    (r"^このカードは、(アプローチ|妨害|アプローチまたは妨害)に参加している(場合|間)、", r"このカードは、このカードが\1に参加している\2、"),
    # "the Chara (this effect) put onto the Area" (場に出したキャラ): the effect's own verb, as この効果で場に出たキャラ
    (r"(?<=、)(?:この効果で)?場に出したキャラ", "この効果で場に出たキャラ"),
    # a comma left out between "during X" and the AP/DP gained
    (r"(?<=の間)(?=[+\-±]\d+/[+\-±]\d+を得る)", "、"),
    # round 17: "this turn, X has entered / left / been played / approached": the history condition as one phrase
    # (no comma inside: a condition is read up to its 場合)
    (r"(?<![^。》:])(?:このターン|このターンの間に|同じターンの間に)、(?=[^、。]+?(?:登場し|退場し|場から離れ|プレイされ"
     r"|アプローチに参加し|アプローチし)ている場合、)", "このターンの間に"),
    # a comma left out after このカードは following a condition; 手札が N 枚以下 = 手札の枚数が N 枚以下
    (r"(?<=場合、)このカードは(?=〔)", "このカードは、"),
    (r"(?<![^。》:、])手札が(\d+)枚以下の場合、", r"手札の枚数が\1枚以下の場合、"),
    # round 18: "until the end of the turn, for each X, …" = "for each X, until the end of the turn, …"
    (r"ターン終了時まで、?([^、。]+?\d+(?:枚|個)につき、)", r"\1ターン終了時まで"),
    # round 19: cards looked at, "from among them" (その中から) = "among them" (その中にある); a count with no noun is
    # any card of them
    (r"見て、その中から", "見て、その中にある"),
    (r"見て、その中にある(\d+)枚を", r"見て、その中にあるカード\1枚を"),
    # round 20: "if your / the opponent's hand holds N or more (fewer) cards": 手札の枚数がN枚以上ある = 手札がN枚以上の
    (r"(?<![^。》:、])(自分|相手)の手札の枚数が(\d+)枚(以上|以下)ある(場合|間)", r"\1の手札が\2枚\3の\4"),
    # round 22: "every X of yours (if C,) becomes active at the end of the turn" = "(if C,) at the end of the turn,
    # make every X of yours active" (a turn-end trigger, as このカードは、…ターン終了時に活動状態になる is read)
    (r"^(自分の全ての[^、。]+?)は、((?:[^、。]+?場合、)?)ターン終了時に活動状態になる(?=。?$)", r"\2ターン終了時に、\1を活動状態にする"),
    # round 22: coins put "on" a Chara: X1枚の上に、 = X1枚の上に = X1枚に (the comma, or 上, left out)
    (rf"の上に、(?=(?:{_COIN})?コインを\d+個乗せる)", "の上に"),
    (rf"(\d+枚)に(?=(?:{_COIN})コインを\d+個乗せる)", r"\1の上に"),
    # "N or more coins are on X" (ある = 乗っている, as 上にある… above)
    (rf"の上に((?:{_COIN})?)コインが(\d+)個以上ある", r"の上に\1コインが\2個以上乗っている"),
    # "look at your whole deck" (自分のデッキを全て見て) = デッキの中を全て見て (one's own deck: the searches read it so)
    (r"(?:自分の)?デッキを全て見て、", "デッキの中を全て見て、"),
    # "when used for the cost of X" (のコストに使用する場合) = のコストとして使用する場合
    (r"のコストに使用する場合、", "のコストとして使用する場合、"),
    # round 23: "negate X's text until the end of the turn" with the limit after the object (Xのテキストを、ターン終了時
    # まで無効にする) = ターン終了時まで、Xのテキストを無効にする; a comma left out after 全てのプレイヤーは
    (r"(?:(?<=^)|(?<=[、。:]))([^、。:]+?)のテキストを、?ターン終了時まで無効にする", r"ターン終了時まで、\1のテキストを無効にする"),
    (r"(?:(?<=^)|(?<=[、。]))全てのプレイヤーは(?!、)", "全てのプレイヤーは、"),
    # round 24: "X is in your (the opponent's) Main / Support Area" with no count = one or more there, as the count
    # condition reads it (相手のメインエリアに…がいる場合 / 状態で = …が1枚以上いる…)
    (r"(?:(?<=^)|(?<=[、。]))((?:相手|自分)の(?:メイン|サポート)エリアに、?[^、。]+?)がいる(?=場合|状態で|間)", r"\1が1枚以上いる"),
    # round 24: "when this card, while C, enters during your turn" (…状態で、自分のターンの間に場に出た場合) = "during your
    # turn, when this card enters while C" (場に出た = 登場した: both the trigger ``enter``)
    (r"^このカードが、([^。]+?)状態で、自分のターンの間に(?:場に出た|登場した)場合、",
     r"自分のターンの間、このカードが、\1状態で登場した場合、"),
    # round 24: "put this card from the discard onto the Area. If it entered by this effect (その場合), this card …":
    # the card that entered is this card, the Chara this effect put there (この効果で場に出たキャラ, step target
    # ``entered``); "if it entered by this effect" is the put's "if so"
    (r"((?:捨て札置き場にある)?このカードを場に出す(?:ことができる)?。)(?:この効果で場に出た場合|その場合)、"
     r"このカード(は|のテキストは)、", r"\1その場合、この効果で場に出たキャラ\2、"),
    (r"((?:捨て札置き場にある)?このカードを場に出す(?:ことができる)?。)(その場合|その後)、このカードの上に",
     r"\1\2、この効果で場に出たキャラの上に"),
    # round 24: "X gets +A/+D until the end of the turn, and its text is negated" (…を得るとともに、テキストが無効になる):
    # the two, in the order written, until the end of the turn
    (r"(この効果で場に出たキャラ)は、ターン終了時まで([+\-±]\d+/[+\-±]\d+)を得るとともに、テキストが無効になる",
     r"\1は、ターン終了時まで\2を得る。その後、ターン終了時まで、\1のテキストを無効にする"),
    # round 26: "when this card did X, (it) becomes active (at the end of the turn)": the subject left out is the head's
    # own, this card (a head naming no other Chara, the sentence ending there)
    (r"^(このカードが(?:(?!キャラ)[^、。「」])+?場合、)((?:ターン終了時に)?活動状態になる)(?=。|$)", r"\1このカードは、\2"),
    # round 26: "when, while C, this card approaches / leaves" with C first (C状態でこのカードが…した場合) = このカードが、
    # C状態で…した場合 (the order read; the entry's is read both ways already)
    (r"^([^、。]+?)状態でこのカードが(アプローチ|退場)した場合、", r"このカードが、\1状態で\2した場合、"),
    # round 26: "this card, when your / the opponent's X does E, gets G until the end of the turn" (the subject before
    # a head whose own subject is another Chara) = "when X does E, this card gets G …"
    (r"^このカードは、((?:自分|相手)の[^、。]+?が[^、。]+?場合、)(?=ターン終了時まで)", r"\1このカードは、"),
    # round 30: the same with an every-time head (…ごとに、), another Chara of yours (このカード以外の自分の…), or this card's
    # own stand after it (…場合、(ターン終了時に)活動状態になる)
    (r"^このカードは、((?:(?:(?:自分|相手)の[^、。]+?|キャラ)が[^、。]+?ごとに|(?:このカード以外の(?:自分|相手)の[^、。]+?|キャラ)が"
     r"[^、。]+?(?:ごとに|(?:した|された)場合))、)(?=ターン終了時まで|(?:ターン終了時に)?活動状態になる(?:。|$|とともに、))",
     r"\1このカードは、"),
    # round 26: "this card, in a turn in which …, when in the hand, gets …" (…ターンの間、手札にある場合、) = the hand's wording
    # with the turn after it (手札にある状態で、…ターンの間、), as the same with 場合 is (round 25)
    (r"^このカードは、([^、。]+?ターンの)間、手札にある場合、(?=使用コスト|〔自由登場〕)", r"このカードは、手札にある状態で、\1間、"),
    # round 26: "take … out and make it appear without paying its cost" (抜き出し、コストを支払わずに登場させる): a Chara
    # made to appear by a card's effect (rule book 000, "Regarding 'Appear in Area'": active unless said, may approach
    # that turn) is what 場に出す reads (an effect's entry, engine ``pick`` ``to: "area"``)
    (r"抜き出し、コストを支払わずに登場させる", "抜き出し、場に出す"),
    # round 26: "turn N face-up cards in X's Point Zone face down" (表向きのカードN枚を裏向きに…; the same face up):
    # only a card of the other face can turn (engine ``flip`` chooses among those), so the face named is said twice
    (r"ポイント置き場にある表向きのカード(\d+)枚を裏向きに", r"ポイント置き場にあるカード\1枚を裏向きに"),
    (r"ポイント置き場にある裏向きのカード(\d+)枚を表向きに", r"ポイント置き場にあるカード\1枚を表向きに"),
    # round 26: round 24's "put this card onto the Area; if it entered by this effect, …" also with the entry rested and
    # "at the end of the turn, (make) this card …" after it: the card that entered is the Chara this effect put there
    (r"((?:捨て札置き場にある)?このカードを休息状態で場に出す(?:ことができる)?。)(?:この効果で場に出た場合|その場合)、"
     r"ターン終了時にこのカードを", r"\1その場合、ターン終了時にこの効果で場に出たキャラを"),
    # round 27: "if your hand holds N or more / exactly N cards" with no owner said: the player's own hand (as
    # 手札の枚数がN枚以下 above is read); 手札がN枚以上ある = 手札がN枚以上の
    (r"(?<![^。》:、])手札が(\d+)枚以上(?:ある|の)(場合|間)", r"自分の手札が\1枚以上の\2"),
    (r"(?<![^。》:、])手札の枚数が(\d+)枚の(場合|間)", r"自分の手札の枚数が\1枚の\2"),
    # round 27: round 17's "this turn, X has entered / …" after the hand's 手札にある状態で、 (the condition of a card in
    # the hand): the same history phrase
    (r"(?<=手札にある状態で、)(?:このターン|このターンの間に|同じターンの間に)、(?=[^、。]+?(?:登場し|退場し|場から離れ|プレイされ"
     r"|アプローチに参加し|アプローチし)ている場合、)", "このターンの間に"),
    # round 27: a comma after "the next … you play" before the kind it names (自分が次にプレイする、〔コンビ〕を持つ…)
    (r"自分が次にプレイする、", "自分が次にプレイする"),
    # round 27: "coins are on this card" (コインがある = 乗っている, as …N個以上ある above)
    (rf"の上に((?:{_COIN})?)コインがある(?=場合|状態で)", r"の上に\1コインが乗っている"),
    # round 27: "this card and X" as one subject with the comma left out (このカードとこのカード以外の… / このカードと自分の…)
    (r"このカードと(?=このカード以外の|自分の)", "このカードと、"),
    # round 27: "this card, at the end of the turn, goes under the deck" (このカードは、ターン終了時にデッキの下に移る) and
    # "this card, when your / the opponent's X does E, returns to the hand" (an intransitive move of this card after
    # a head whose own subject is another Chara) = the head, then "put this card …" (the wording read)
    *[(rf"^このカードは、ターン終了時に{v}(?=。?$)", f"ターン終了時に、このカードを{t}") for v, t in _OWN_MOVES.items()],
    *[(rf"^このカードは、((?:自分|相手)の[^、。]+?が[^、。]+?(?:場合|ごとに)、)(ターン終了時に)?{v}(?=。?$)", rf"\1\2このカードを{t}")
      for v, t in _OWN_MOVES.items()],
    # round 28: "this card, when it becomes rested, (at the end of the turn) goes back to the hand / under the deck"
    # (このカードは、休息状態になった場合、…手札に戻る): the head said of this card, then this card's own move
    (r"^このカードは、(休息状態になった場合、)(ターン終了時に)?(?=(?:手札に戻る|デッキの下に移る)。?$)", r"このカードが\1このカードは、\2"),
    # round 28: another Chara's "approaches or interferes" as the two events joined by または (OTHER_HEAD's wording;
    # this card's own has its head: compile_phrases._OWN_TRIGGERS)
    (r"(?<!このカード)が(アプローチまたは妨害に参加)した場合、", r"がアプローチに参加した場合、または妨害に参加した場合、"),
    # round 28: the comma after "the opponent" left out at a clause's start (相手はメインエリアにいる… = 相手は、…)
    (r"(?:(?<=^)|(?<=[、。]))相手は(?![、。])", "相手は、"),
    # round 28: "take X from the EX deck and add it to the hand. Or put it onto the Support Area" (the second
    # sentence's object left out): the same X, either destination (または、 offers the choice)
    (r"(EXデッキから[^、。]+?\d+枚を抜き出し、)手札に加える。またはサポートエリアに出す",
     r"\1手札に加える。または、\1サポートエリアに出す"),
    # round 29: "this card, (during your turn,) with a Support card set, …" / "when this card, with a Support card set,
    # approaches / enters" (no Chara named for the Support): set on this card, as the coins on it are read above
    (r"^このカードは、(自分のターンの間、)?(?=サポートカードがセットされている(?:場合|状態で))", r"このカードは、\1このカードに"),
    (r"^このカードが、?(?=サポートカードがセットされている状態で(?:アプローチ|登場)した場合、)", "このカードが、このカードに"),
    # round 29: "put X onto the Main / Support Area rested" with the area said first (サポートエリアに休息状態で出す) =
    # 休息状態でサポートエリアに出す (the order read)
    (r"(?<=枚を)(メイン|サポート)エリアに休息状態で出す", r"休息状態で\1エリアに出す"),
    # round 30: "when your X gives points by its approach" (自分のXのアプローチでポイントを与えた場合) = "when your X gives
    # points by approaching" (がアプローチでポイントを与えた場合, the head read)
    (r"^(自分の[^、。]+?)のアプローチでポイントを与えた場合、", r"\1がアプローチでポイントを与えた場合、"),
    # round 30: "look at the top card. If so, (you may) put that card …": the look and the card looked at (見て、)
    (r"デッキの上のカード1枚を見る。その場合、(?=そのカードを)", "デッキの上のカード1枚を見て、"),
    # round 30: "cannot interfere this card" in its short form (このカードを妨害できない)
    (r"(?<=このカードを)妨害できない", "妨害することができない"),
    # round 30: "if so" before "this card" with its comma left out (その場合このカードを…)
    (r"その場合(?=このカード)", "その場合、"),
    # round 30: round 28's "X approaches or interferes" with an every-time head (…するごとに): the two events joined
    (r"(?<!このカード)が(アプローチまたは妨害に参加)するごとに、", r"がアプローチに参加するごとに、または妨害に参加するごとに、"),
    # round 30: "N of your (the opponent's) Charas get usage cost ±N" with no duration: for the turn (round 16's reading
    # of a step with no stated duration, rule book 000 "Effect Duration"), as ターン終了時まで is read
    (r"(?:(?<=^)|(?<=、))((?:自分|相手)の[^、。]*?キャラ\d+枚)は、使用コスト([+-]\d+)を得る(?=。|$)",
     r"\1は、ターン終了時まで使用コスト\2を得る"),
    # round 30: "while this card interferes X (is interfered by X), (it) gets G" with が (このカードが…を妨害している場合、
    # ±0/+20を得る): the subject of both is this card, as このカードは、…を妨害している場合、 is read
    (r"^このカードが(?=[^、。]+?(?:を妨害している|に妨害されている)場合、(?:[+\-±]\d|〔))", "このカードは、"),
    # round 30: "the Chara this card was set on" (このカードがセットされたキャラ) = the Chara it is set on (セットされている)
    (r"このカードがセットされたキャラ", "このカードがセットされているキャラ"),
    # round 30: "when one of your X approaches / interferes" (自分のXキャラ1枚がアプローチに参加した場合) = "when your X
    # approaches" (each such Chara's approach is heard, as without the count)
    # round 30: round 29's "with this card's name, or sharing a property with it" without its comma (one noun phrase: a
    # trigger's subject is read up to a comma)
    (r"このカードと同じ名称、または同じ特徴を持つ", "このカードと同じ名称または同じ特徴を持つ"),
    (r"^((?:このカードと同じ名称または同じ特徴を持つ)?自分の[^、。]*?キャラ)1枚が(?=(?:アプローチ|妨害|アプローチまたは妨害)に参加した"
     r"場合、)", r"\1が"),
    # round 30: "when this card, with AP (AP or DP) N or more, approaches" (このカードがAPが100以上ある状態で…): the state is
    # of this card's own value, as このカードのAPがN以上ある reads it
    (r"^このカードが、?(AP|APまたはDP)(?:の値)?が(\d+)以上ある状態で", r"このカードが、このカードの\1が\2以上ある状態で"),
    # round 31 (selector part): a comma inside a noun phrase, after a modifier and before the next one (…2以下の、【P】を
    # 持つキャラ; その中にある、『S』のカード; 自分の、〔K〕を持つ全てのキャラ): the phrase read as one
    (r"(?<=以下の|以上の|自分の|相手の|にある)、(?=[「【『〔]|使用コスト|発生コスト)", ""),
    (r"(?:(?<=参加していない)|(?<=参加している))、(?=自分の|相手の)", ""),
    # round 31 (selector part): "with a usage cost at most the number of your X" said count first (自分のXの枚数以下の使用
    # コストの値を持つ): the wording read (使用コストが自分のXの枚数以下の)
    (r"(自分の[^、。]+?)の枚数以下の使用コスト(?:の値)?を持つ", r"使用コストが\1の枚数以下の"),
    # round 31 (verb part, the passive's converse): "this card is not interfered by the designated Charas" = "the
    # designated Charas cannot interfere this card" (round 28's grant naming this Chara, bound to each of them)
    (r"このカードは、(指定した|指定された)キャラには?妨害されない", r"\1キャラは、このカードを妨害することができない"),
    # round 31 (selector part): "this Chara" for this card where coins go on it (このキャラの上に)
    (r"このキャラ(?=の上に)", "このカード"),
    # round 31 (selector part): "with no coin on it" with の for が in the relative clause (コインの乗っていない)
    (r"コインの(乗っていない|乗っている)", r"コインが\1"),
    # round 31 (head part): another Chara's two events with the first as a stem (Xが登場、またはアプローチに参加した場合):
    # each with its ending, as OTHER_HEAD reads "X E1、または E2" (this card's own pair keeps its stem: _OWN_PAIR)
    (r"(?<!このカード)が(登場|退場|アプローチに参加|妨害に参加)、または(?=(?:登場|退場|アプローチに参加|妨害に参加)した場合、)",
     r"が\1した場合、または"),
    # round 31 (head part): "put into the Point Zone by the opponent's approach" said with で: the によって wording read
    (r"相手のアプローチで(?:自分の)?ポイント置き場に置かれた", "相手のアプローチによってポイント置き場に置かれた"),
    # round 32 (head part): a stylistic comma after または between two heads (…場合、または、このカードが…場合、)
    (r"(?<=場合、)または、", "または"),
    # round 32 (condition part): a hand counted with no owner named is the player's own (手札が1枚以下の: bare 手札 is
    # read as the player's own everywhere, 手札1枚を捨て札にする), as 自分の手札が… is read
    (r"(?:(?<=^)|(?<=、))手札が(?=\d+枚(?:以下|以上)の)", "自分の手札が"),
]]


def canonical(text: str) -> str:
    """``text`` (NFKC-normalized) in the canonical wording."""
    for pattern, repl in REWRITES:
        text = pattern.sub(repl, text)
    return text
